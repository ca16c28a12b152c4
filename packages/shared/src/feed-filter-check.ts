import { SKILL_MAX_LENGTH } from "./constants.ts";
import { hasVisibleCharacter, NO_NUL, noNulMessage } from "./text-rules.ts";

// A feed filter's skill checked without zod (Discover's filters), with the messages the server's
// feedQuerySchema answers.

export function feedFilterMessages(label: string) {
  return {
    notText: `${label} must be a skill`,
    tooLong: `${label}: a skill is at most ${SKILL_MAX_LENGTH} characters`,
    nul: noNulMessage(label),
    invisible: `${label}: a skill cannot be made only of invisible characters`,
  };
}

/** The labels of GET /api/feed's skill filters, as their messages name them. */
export const FEED_FILTER_LABELS = { teaches: "Can teach me", learns: "Wants to learn" } as const;

/**
 * A typed filter as the server reads it: trimmed; `skill` undefined when empty (no filter);
 * otherwise the skill, or the message of the first rule it breaks.
 */
export function checkFeedFilter(
  name: keyof typeof FEED_FILTER_LABELS,
  typed: string,
): { skill: string | undefined } | { error: string } {
  const messages = feedFilterMessages(FEED_FILTER_LABELS[name]);
  const text = typed.trim();
  if (text.length > SKILL_MAX_LENGTH) return { error: messages.tooLong };
  if (!NO_NUL.test(text)) return { error: messages.nul };
  if (text !== "" && !hasVisibleCharacter(text)) return { error: messages.invisible };
  return { skill: text === "" ? undefined : text };
}
