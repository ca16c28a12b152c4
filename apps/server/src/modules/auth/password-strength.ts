import { checkPasswordStrength, passwordUserInputs, WEAK_PASSWORD_CODE } from "@kindred/shared";
import { HttpError } from "../../plugins/errors.ts";

/**
 * A new password (sign-up, reset, change) scored offline with zxcvbn, the person's names and
 * email counted as guessable: a weak one is 400 WEAK_PASSWORD with the reason on `password`.
 * The page's meter runs the same function, so it says the same thing before the form is sent.
 */
export async function refuseWeakPassword(
  password: string,
  person: { firstName?: string | null; lastName?: string | null; email?: string | null },
): Promise<void> {
  const strength = await checkPasswordStrength(password, passwordUserInputs(person));
  if (strength.acceptable) return;
  const message = strength.reason ?? "This password is too easy to guess.";
  throw new HttpError(400, WEAK_PASSWORD_CODE, message, [{ path: "password", message }]);
}

/** Loads the dictionaries now, so the first sign-up does not wait for them. */
export function preloadPasswordStrength(): void {
  void checkPasswordStrength("warm up the dictionaries").catch(() => undefined);
}
