import type { FeedCard, PicksAnswer } from "@kindred/shared";

/** A feed card for component tests: "<firstName> Tester", three skills, no upload, nothing to trade. */
export function feedCard(id: string, firstName: string, extra: Partial<FeedCard> = {}): FeedCard {
  return {
    _id: id,
    firstName,
    lastName: "Tester",
    photoUrl: `/api/avatars/${id}.svg`,
    photo: null,
    age: 25,
    gender: "other",
    about: `About ${firstName}`,
    skills: ["React", "Go", "Chess"],
    learning: [],
    campus: null,
    matchingSkills: [],
    related: [],
    sharedInYourWords: [],
    relatedToYours: [],
    exchange: { teachesMe: [], learnsFromMe: [] },
    ...extra,
  };
}

/** GET /api/picks's answer: today's picks (none before 9:00 or when nobody fits). */
export function picksAnswer(cards: FeedCard[], date = "2026-11-29"): PicksAnswer {
  return { status: 1, message: "Picks loaded", data: cards, date };
}
