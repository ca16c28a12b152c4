import { randomBytes } from "node:crypto";
import type { signupBodySchema } from "@kindred/shared";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { userSkills, users } from "../../db/schema.ts";
import type { UserRow } from "../users/user-view.ts";
import { hashPassword } from "./passwords.ts";

export type SignupInput = z.output<typeof signupBodySchema>;

/** Random, stable and unrelated to the id: safe to hand out in a shareable URL. */
export function newPublicId(): string {
  return randomBytes(16).toString("base64url");
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** Creates the user and its skill rows together; null when the email is already taken. */
export async function createAccount(db: Database, input: SignupInput): Promise<UserRow | null> {
  if (await findUserByEmail(db, input.emailId)) return null;
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.emailId.toLowerCase(),
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          skills: input.skills,
          instagramLink: input.instagramLink ?? null,
          otherLink: input.otherLink ?? null,
          playerId: input.playerId ?? null,
          publicId: newPublicId(),
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await tx
        .insert(userSkills)
        .values(input.skills.map((skill) => ({ userId: row.id, skill: skill.toLowerCase() })));
      return row;
    });
  } catch (error) {
    // Two sign-ups racing for one email: the unique index lets exactly one through.
    if (isUniqueViolation(error, "users_email_lower_key")) return null;
    throw error;
  }
}

export async function recordPlayerId(db: Database, userId: string, playerId: string) {
  await db.update(users).set({ playerId }).where(eq(users.id, userId));
}
