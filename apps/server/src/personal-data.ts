import type { PersonalDataPart } from "./lib/personal-data.ts";
import { campusPersonalData } from "./modules/campus/service.ts";
import { chatPersonalData } from "./modules/chat/service.ts";
import { eventsPersonalData } from "./modules/events/service.ts";
import { feedPersonalData } from "./modules/feed/service.ts";
import { groupsPersonalData } from "./modules/groups/service.ts";
import { jobsPersonalData } from "./modules/jobs/service.ts";
import { meetupsPersonalData } from "./modules/meetups/service.ts";
import { membersPersonalData } from "./modules/members/service.ts";
import { moderationPersonalData } from "./modules/moderation/service.ts";
import { notificationsPersonalData } from "./modules/notifications/service.ts";
import { passkeysPersonalData } from "./modules/passkeys/service.ts";
import { picksPersonalData } from "./modules/picks/service.ts";
import { postsPersonalData } from "./modules/posts/service.ts";
import { publicFormsPersonalData } from "./modules/public-forms/service.ts";
import { pushPersonalData } from "./modules/push/service.ts";
import { recoveryPersonalData } from "./modules/recovery/service.ts";
import { requestsPersonalData } from "./modules/requests/service.ts";
import { sessionsPersonalData } from "./modules/sessions/service.ts";
import { skillsPersonalData } from "./modules/skills/service.ts";
import { twoStepPersonalData } from "./modules/two-step/service.ts";
import { blocksPersonalData } from "./modules/users/blocks-service.ts";
import { usersPersonalData } from "./modules/users/service.ts";
import { verificationPersonalData } from "./modules/verification/service.ts";

/**
 * Every module's part of a person's data, in the export's order. `GET /api/account/export` asks
 * each for its sections; `DELETE /api/account` asks each to let go of the person, in this order
 * but for the parts that say otherwise (`deletionPhase`), then deletes the account's row.
 * personal-data.test.ts fails while a table of the schema is in no part and not in SYSTEM_TABLES.
 */
export const PERSONAL_DATA_PARTS: readonly PersonalDataPart[] = [
  usersPersonalData,
  requestsPersonalData,
  chatPersonalData,
  groupsPersonalData,
  postsPersonalData,
  eventsPersonalData,
  notificationsPersonalData,
  pushPersonalData,
  moderationPersonalData,
  blocksPersonalData,
  sessionsPersonalData,
  membersPersonalData,
  skillsPersonalData,
  recoveryPersonalData,
  verificationPersonalData,
  jobsPersonalData,
  publicFormsPersonalData,
  feedPersonalData,
  twoStepPersonalData,
  passkeysPersonalData,
  picksPersonalData,
  campusPersonalData,
  meetupsPersonalData,
];

/** A table that is no one's personal data, and why. */
export type SystemTable = { why: string };

export const SYSTEM_TABLES: Readonly<Record<string, SystemTable>> = {
  people_changes_pruned: {
    why: "one transaction number: below it the feed's change log was pruned; no person in it",
  },
  bot_check_spent: {
    why: "the signatures of proof-of-work challenges already solved, kept until they expire: no person in them",
  },
  banned_emails: {
    why: "keyed hashes (HMAC) of banned accounts' emails, not the addresses: a new sign-up with one is refused",
  },
  photos: {
    why: "a stored photo, named by its content: a users row points at it, and it goes once none does",
  },
  skill_aliases: { why: "the skill vocabulary: the project's data, loaded at start" },
  skill_relations: { why: "the skill vocabulary: the project's data, loaded at start" },
  search_words: {
    why: "the words search corrects a query against, from every post, group and event title",
  },
};
