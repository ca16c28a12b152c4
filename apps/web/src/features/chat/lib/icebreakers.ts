import { t } from "@lingui/core/macro";

/** What one side of a conversation knows and wants to learn. */
export type SkillSide = { skills: readonly string[]; learning: readonly string[] };

/** The person written to: their first name too. */
export type IcebreakerContact = SkillSide & { firstName: string };

/** How many openers a new conversation offers. */
export const ICEBREAKER_COUNT = 3;

/**
 * The first of `theirs` that is also in `mine`, in their spelling. Names compare without case:
 * the server has already turned aliases into each skill's canonical name.
 */
function firstInBoth(theirs: readonly string[], mine: readonly string[]): string | undefined {
  const known = new Set(mine.map((skill) => skill.trim().toLowerCase()));
  return theirs.find((skill) => known.has(skill.trim().toLowerCase()));
}

/**
 * Three openers for a conversation with no message yet, from what the two can trade or share,
 * the closest first: a trade both ways ("You want to learn Guitar and I know it: trade for some
 * Python?"), what they can teach me, what I can teach them, a skill we share, something we both
 * want to learn; friendly general ones fill the rest.
 */
export function icebreakers(contact: IcebreakerContact, me: SkillSide): string[] {
  const name = contact.firstName.trim();
  // They want to learn what I know; they know what I want to learn; we both know; both learning.
  const iCanTeach = firstInBoth(contact.learning, me.skills);
  const theyCanTeach = firstInBoth(contact.skills, me.learning);
  const shared = firstInBoth(contact.skills, me.skills);
  const bothLearning = firstInBoth(contact.learning, me.learning);

  const openers: string[] = [];
  if (iCanTeach && theyCanTeach) {
    openers.push(t`You want to learn ${iCanTeach} and I know it: trade for some ${theyCanTeach}?`);
  }
  if (theyCanTeach) {
    openers.push(t`I'd love to learn ${theyCanTeach} from you — what got you started?`);
  }
  if (iCanTeach) {
    openers.push(
      t`I saw you want to learn ${iCanTeach}. Happy to help — where are you at with it?`,
    );
  }
  if (shared) openers.push(t`We both know ${shared} — what are you building with it?`);
  if (bothLearning) {
    openers.push(t`We're both learning ${bothLearning}. Want to swap notes on how it's going?`);
  }
  // The greeting names them when there is a name: "Hi Ana! …", else "Hi! …".
  openers.push(
    name
      ? t`Hi ${name}! What are you learning at the moment?`
      : t`Hi! What are you learning at the moment?`,
  );
  const theirFirst = contact.skills[0]?.trim();
  if (theirFirst) {
    openers.push(
      name
        ? t`Hi ${name}! How did you get into ${theirFirst}?`
        : t`Hi! How did you get into ${theirFirst}?`,
    );
  }
  openers.push(
    name
      ? t`Hi ${name}! What's a skill you'd love to pick up next?`
      : t`Hi! What's a skill you'd love to pick up next?`,
  );
  openers.push(
    name ? t`Hi ${name}! What brought you to Kindred?` : t`Hi! What brought you to Kindred?`,
  );
  return openers.slice(0, ICEBREAKER_COUNT);
}
