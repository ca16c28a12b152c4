import type { FeedCard } from "@kindred/shared";

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
