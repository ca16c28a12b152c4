import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

// ---------- password strength, scored offline with zxcvbn (the same on the server and the page) ----------

/** zxcvbn's scores run 0 (guessed at once) to 4; below this a new password is refused. */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_STRENGTH_LABELS = [
  "Very weak",
  "Weak",
  "Fair",
  "Strong",
  "Very strong",
] as const;

export const PASSWORD_STRENGTH_MESSAGES = {
  /** When zxcvbn names no warning of its own. */
  tooGuessable: "This password is easy to guess. Add a few more words or characters.",
  containsName: "This password contains your name or email, which others can guess.",
} as const;

/** The error code of a refused weak password (400, with a field error on `password`). */
export const WEAK_PASSWORD_CODE = "WEAK_PASSWORD" as const;

export type PasswordStrength = {
  /** 0 to 4. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Strong enough to be accepted (score at least MIN_PASSWORD_SCORE). */
  acceptable: boolean;
  /** Why a weak password is weak, in one sentence; null for an acceptable one. */
  reason: string | null;
  /** zxcvbn's hints to make it stronger. */
  suggestions: string[];
};

let factory: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries weigh about a megabyte: they are imported on first use only, so a page that
 * never scores a password never loads them (the web gets them as a chunk of their own).
 */
function loadFactory(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return factory;
}

/**
 * What a person's own details give a guesser: each name, the email and the parts of it
 * (`ana.lopez@uni.edu` gives `ana`, `lopez`, `uni`...). Short parts are left out.
 */
export function passwordUserInputs(details: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string[] {
  const words = new Set<string>();
  for (const value of [details.firstName, details.lastName, details.email]) {
    if (!value) continue;
    const text = value.trim().toLowerCase();
    if (text === "") continue;
    words.add(text);
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** Scores a new password against the dictionaries and the person's own details. */
export async function checkPasswordStrength(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordStrength> {
  const zxcvbn = await loadFactory();
  const result = zxcvbn.check(password, [...userInputs]);
  const acceptable = result.score >= MIN_PASSWORD_SCORE;
  const usesOwnDetails = result.sequence.some(
    (match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs",
  );
  const reason = acceptable
    ? null
    : usesOwnDetails
      ? PASSWORD_STRENGTH_MESSAGES.containsName
      : result.feedback.warning || PASSWORD_STRENGTH_MESSAGES.tooGuessable;
  return {
    score: result.score,
    acceptable,
    reason,
    suggestions: result.feedback.suggestions,
  };
}
