import { randomBytes } from "node:crypto";
import type { signupBodySchema } from "@kindred/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { findUserByEmail } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { hashPassword } from "./passwords.ts";
import { insertUserWithSkills } from "./repository.ts";

export { findUserByEmail } from "../users/service.ts";

export type SignupInput = z.output<typeof signupBodySchema>;

/** Random, stable and unrelated to the id: safe to hand out in a shareable URL. */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

/** Creates the user and its skill rows together; null when the email is already taken. */
export async function createAccount(db: Database, input: SignupInput): Promise<UserRow | null> {
  if (await findUserByEmail(db, input.emailId)) return null;
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUserWithSkills(
      db,
      {
        email: input.emailId.toLowerCase(),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        skills: input.skills,
        instagramLink: input.instagramLink ?? null,
        otherLink: input.otherLink ?? null,
        publicId: newPublicId(),
      },
      input.skills,
    );
  } catch (error) {
    // Two sign-ups racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(error, "users_email_lower_key")) return null;
    throw error;
  }
}
