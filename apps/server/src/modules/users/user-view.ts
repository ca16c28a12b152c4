import {
  type Card,
  type Gender,
  type Me,
  type ModerationNotice,
  type PublicUser,
  photoUrls,
  type Role,
} from "@kindred/shared";
import type { users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;

/** The avatar the server draws for a user without a photo (the app must work offline). */
export function avatarUrl(userId: string): string {
  return `/api/avatars/${userId}.svg`;
}

/** What anyone else may see of a user: never an email, hash or session. */
export function toCard(row: UserRow): Card {
  const photo = row.photoKey ? photoUrls(row.photoKey) : null;
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    // Only photos stored here: an address pasted before they were copied is not linked to.
    photoUrl: photo?.card ?? avatarUrl(row.id),
    photo,
    age: row.age,
    gender: row.gender as Gender | null,
    about: row.about,
    skills: row.skills,
  };
}

/**
 * The owner's own view, the only shape that carries the email; `moderation` is the notice of a
 * suspension or ban (the moderation module's noticeFor), null for everyone else.
 */
export function toMe(row: UserRow, moderation: ModerationNotice = null): Me {
  return {
    ...toCard(row),
    emailId: row.email,
    role: row.role as Role,
    moderation,
    instagramLink: row.instagramLink,
    otherLink: row.otherLink,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    ...toCard(row),
    socialLinks: { instagramLink: row.instagramLink, otherLink: row.otherLink },
  };
}
