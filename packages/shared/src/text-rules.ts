// Rules every text field shares, without zod: a screen that checks a field needs only these.

/**
 * PostgreSQL cannot store the NUL character in text. A pattern (not a refinement), so the OpenAPI
 * document carries the rule too.
 */
export const NO_NUL = /^[^\0]*$/;
export const noNulMessage = (label: string) => `${label} cannot contain a NUL character (\\0)`;

/**
 * Spaces, control and format characters (zero-width space, joiners, direction marks, soft hyphen,
 * BOM), combining marks on nothing, and the fillers that render as blank (Hangul, Braille).
 */
const VISIBLE_CHARACTER =
  /[^\p{White_Space}\p{Z}\p{Cc}\p{Cf}\p{Cn}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** True when the text shows something on screen; an empty text is left to the length rules. */
export function hasVisibleCharacter(text: string): boolean {
  return text === "" || VISIBLE_CHARACTER.test(text);
}
