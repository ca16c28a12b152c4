import { randomBytes } from "node:crypto";
import { ageBandOf, type Locale, type signupBodySchema } from "@kindred/shared";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { indexLearning, indexSkills } from "../skills/service.ts";
import { findUserByEmail, insertUser, type NewUser } from "../users/service.ts";
import type { UserRow } from "../users/user-view.ts";
import { hashPassword } from "./passwords.ts";

export type SignupInput = z.output<typeof signupBodySchema>;

/** Random, stable and unrelated to the id: safe to hand out in a shareable URL. */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

/** What else a sign-up does in the new account's transaction (opening a filter case). */
export type OnCreated = (tx: Database, row: UserRow) => Promise<void>;

/** Inserts the user and its skill index rows in one transaction. */
function insertUserWithSkills(
  db: Database,
  values: NewUser,
  skills: readonly string[],
  onCreated?: OnCreated,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const row = await insertUser(tx, values);
    await indexSkills(tx, row.id, skills);
    if (values.learning && values.learning.length > 0) {
      await indexLearning(tx, row.id, values.learning);
    }
    await onCreated?.(tx, row);
    return row;
  });
}

/**
 * Creates the user and its skill rows together; null when the email is already taken. An email
 * that ADMIN_EMAILS names is an admin from sign-up.
 */
export async function createAccount(
  db: Database,
  /** `locale`: the language the sign-up was answered in, kept as the person's choice. */
  input: SignupInput & { locale?: Locale },
  adminEmails: readonly string[] = [],
  now: Date = new Date(),
  onCreated?: OnCreated,
): Promise<UserRow | null> {
  if (await findUserByEmail(db, input.emailId)) return null;
  const email = input.emailId.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUserWithSkills(
      db,
      {
        email,
        passwordHash,
        role: adminEmails.includes(email) ? "admin" : "member",
        firstName: input.firstName,
        lastName: input.lastName,
        skills: input.skills,
        learning: input.learning ?? [],
        instagramLink: input.instagramLink ?? null,
        otherLink: input.otherLink ?? null,
        age: input.age ?? null,
        lastAgeBand: ageBandOf(input.age),
        termsAcceptedAt: input.termsAccepted === true ? now : null,
        publicId: newPublicId(),
        locale: input.locale ?? null,
      },
      input.skills,
      onCreated,
    );
  } catch (error) {
    // Two sign-ups racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(error, "users_email_lower_key")) return null;
    throw error;
  }
}
