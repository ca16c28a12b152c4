import {
  ADULT_AGE,
  type Card,
  type Gender,
  isLocale,
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
    learning: row.learning ?? [],
    campus: row.campus ?? null,
  };
}

/**
 * The owner's own view, the only shape that carries the email; `moderation` is the notice of a
 * suspension or ban (the moderation module's noticeFor), null for everyone else.
 */
export function toMe(row: UserRow, moderation: ModerationNotice = null, twoStep = false): Me {
  return {
    ...toCard(row),
    emailId: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    role: row.role as Role,
    moderation,
    instagramLink: row.instagramLink,
    otherLink: row.otherLink,
    createdAt: row.createdAt.toISOString(),
    twoStep,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

/** True for someone under 18 or of no known age: shown to nobody signed out, no social links. */
export function mayBeUnderAge(age: number | null): boolean {
  return age === null || age < ADULT_AGE;
}

/**
 * A person's social links as others see them: none for an under-18 (or someone of no known age),
 * to anyone.
 */
export function socialLinksOf(row: {
  age: number | null;
  instagramLink: string | null;
  otherLink: string | null;
}): PublicUser["socialLinks"] {
  return mayBeUnderAge(row.age)
    ? { instagramLink: null, otherLink: null }
    : { instagramLink: row.instagramLink, otherLink: row.otherLink };
}

/** True while moderation keeps the person out of others' sight at `now` (see personRestricted). */
export function isRestricted(row: UserRow, now: Date): boolean {
  return (
    row.bannedAt !== null ||
    row.hiddenForReview ||
    (row.suspendedUntil !== null && row.suspendedUntil > now)
  );
}

export function toPublicUser(row: UserRow): PublicUser {
  return { ...toCard(row), socialLinks: socialLinksOf(row) };
}
