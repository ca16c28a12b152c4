import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) holds uniqueness regardless of case. */
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: varchar("first_name", { length: 50 }).notNull(),
    lastName: varchar("last_name", { length: 50 }).notNull().default(""),
    photoUrl: text("photo_url"),
    age: smallint("age"),
    gender: text("gender"),
    about: varchar("about", { length: 500 }).notNull().default(""),
    /** The skills as the user spelled them, in their order. */
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    instagramLink: text("instagram_link"),
    otherLink: text("other_link"),
    /** Stable, random, unguessable id used in the shareable profile URL. */
    publicId: varchar("public_id", { length: 32 }).notNull(),
    playerId: text("player_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_public_id_key").on(t.publicId),
    index("users_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    check("users_gender_check", sql`${t.gender} in ('male', 'female', 'other')`),
    check("users_age_check", sql`${t.age} between 13 and 120`),
  ],
);

/**
 * One row per (user, lower-cased skill): lets the feed find people sharing a skill by index,
 * newest first. `createdAt` is the person's users.created_at, kept equal by triggers (set on
 * insert, followed on update; see migration 0005), so one index range per skill walks its people
 * in the feed's order.
 */
export const userSkills = pgTable(
  "user_skills",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skill: varchar("skill", { length: 30 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skill] }),
    index("user_skills_skill_created_idx").on(t.skill, t.createdAt.desc(), t.userId.desc()),
  ],
);

/**
 * Each viewer's feed queue: where its ranking stands. Entries are numbered by `position`, which
 * only grows for a viewer, so a cursor (a position) stays meaningful across rebuilds.
 */
export const feedQueues = pgTable(
  "feed_queues",
  {
    viewerId: uuid("viewer_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The last position handed out; the next batch numbers from here. */
    lastPosition: bigint("last_position", { mode: "number" }).notNull(),
    /** The first position of the current ranking (entries before it were deleted). */
    startPosition: bigint("start_position", { mode: "number" }).notNull(),
    /** sharers: windows of people sharing a skill; rest: everyone else; done: only newcomers. */
    phase: text("phase").notNull(),
    /** The next window or rest batch takes (created_at, id) strictly below this. */
    frontierAt: timestamp("frontier_at", { withTimezone: true, mode: "date" }).notNull(),
    frontierId: uuid("frontier_id").notNull(),
    /** Profiles with (created_at, id) above this joined after the ranking started: newcomers. */
    newestAt: timestamp("newest_at", { withTimezone: true, mode: "date" }).notNull(),
    newestId: uuid("newest_id").notNull(),
    /** When this ranking was started; after the time to live, a first page rebuilds it. */
    builtAt: timestamp("built_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When the last batch was made. */
    batchedAt: timestamp("batched_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [check("feed_queues_phase_check", sql`${t.phase} in ('sharers', 'rest', 'done')`)],
);

/**
 * The ranked candidates of a viewer's queue. No foreign key on the candidate: a page joins users,
 * so a deleted account simply drops out, and batches write one index less. None on the viewer
 * either: its check ran once per inserted entry (a fifth to a third of a batch's time); a trigger
 * on feed_queues (migration 0006) deletes a queue's entries with it instead.
 */
export const feedQueueEntries = pgTable(
  "feed_queue_entries",
  {
    viewerId: uuid("viewer_id").notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    candidateId: uuid("candidate_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.position] }),
    uniqueIndex("feed_queue_entries_candidate_key").on(t.viewerId, t.candidateId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the opaque session id; the id itself is only ever in the cookie. */
    idHash: varchar("id_hash", { length: 64 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const connectionRequests = pgTable(
  "connection_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromUserId: uuid("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: uuid("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // One request per unordered pair, whoever sent it.
    uniqueIndex("connection_requests_pair_key").on(
      sql`least(${t.fromUserId}, ${t.toUserId})`,
      sql`greatest(${t.fromUserId}, ${t.toUserId})`,
    ),
    index("connection_requests_from_idx").on(t.fromUserId, t.toUserId),
    index("connection_requests_to_idx").on(t.toUserId, t.status, t.createdAt),
    check("connection_requests_not_self", sql`${t.fromUserId} <> ${t.toUserId}`),
    check(
      "connection_requests_status_check",
      sql`${t.status} in ('interested', 'ignored', 'accepted', 'rejected')`,
    ),
  ],
);

/**
 * The live password-reset code of an account: at most one (the primary key), replaced by a new
 * request, deleted when used. Only an argon2id hash of the code is stored.
 */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    /** Wrong tries so far; at the cap the code is dead until a new one is requested. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    check("password_reset_codes_attempts_check", sql`${t.failedAttempts} between 0 and 5`),
    check("password_reset_codes_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * The permission to set a new password, opened by a verified code: at most one per account, bound
 * to the browser that verified (only the SHA-256 of its cookie token is stored), deleted when used.
 */
export const passwordResetGrants = pgTable(
  "password_reset_grants",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("password_reset_grants_token_hash_key").on(t.tokenHash),
    check("password_reset_grants_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * Who may post in the community: an account (the row's id is the account's id) or a member known
 * only by a community username and its own password (argon2id, like accounts).
 */
export const communityMembers = pgTable(
  "community_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** As first typed; unique regardless of case. */
    username: varchar("username", { length: 30 }),
    passwordHash: text("password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_members_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("community_members_user_id_key").on(t.userId),
    check(
      "community_members_kind_check",
      sql`(${t.userId} = ${t.id} and ${t.username} is null and ${t.passwordHash} is null) or (${t.userId} is null and ${t.username} is not null and ${t.passwordHash} is not null)`,
    ),
  ],
);

// Community lists are paged by keyset on (time, id): milliseconds, so a cursor made from a
// JavaScript Date names a row exactly.

export const communityPosts = pgTable(
  "community_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    content: varchar("content", { length: 5000 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("community_posts_created_at_idx").on(t.createdAt, t.id),
    index("community_posts_author_idx").on(t.authorId),
  ],
);

export const studyGroups = pgTable(
  "study_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 80 }).notNull(),
    description: varchar("description", { length: 500 }).notNull(),
    tag: text("tag").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("study_groups_created_at_idx").on(t.createdAt, t.id),
    index("study_groups_author_idx").on(t.authorId),
    check(
      "study_groups_tag_check",
      sql`${t.tag} in ('Math', 'Programming', 'DSA', 'Machine Learning')`,
    ),
  ],
);

export const communityEvents = pgTable(
  "community_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 120 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull(),
    location: varchar("location", { length: 200 }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("community_events_starts_at_idx").on(t.startsAt, t.id),
    index("community_events_author_idx").on(t.authorId),
  ],
);

/** A ticket from the support center's form; also mailed to the support address. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    topic: varchar("topic", { length: 40 }),
    message: varchar("message", { length: 2000 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("support_tickets_created_at_idx").on(t.createdAt)],
);

/** A message from the contact page; also mailed to the support address. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    message: varchar("message", { length: 2000 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

/**
 * One row per newsletter email (stored lower-cased). Only the SHA-256 of the unsubscribe token is
 * kept; unsubscribing sets unsubscribedAt, and subscribing again clears it with a new token.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 254 }).notNull(),
    unsubscribeTokenHash: varchar("unsubscribe_token_hash", { length: 64 }).notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.email),
    uniqueIndex("newsletter_subscribers_token_key").on(t.unsubscribeTokenHash),
  ],
);

/** A block: from then on neither person sees the other anywhere (feed, requests, profile, chat). */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A report about a person, kept for the support team (who also get it by mail). */
export const userReports = pgTable(
  "user_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedId: uuid("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: varchar("details", { length: 1000 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("user_reports_reported_idx").on(t.reportedId, t.createdAt),
    index("user_reports_reporter_idx").on(t.reporterId),
    check(
      "user_reports_reason_check",
      sql`${t.reason} in ('spam', 'harassment', 'fake', 'inappropriate', 'other')`,
    ),
  ],
);

/**
 * Chat messages. A conversation is the accepted request of the pair (removing the connection
 * deletes its messages for both); `seq` orders every message and names the point a reconnecting
 * client resumes from.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => connectionRequests.id, { onDelete: "cascade" }),
    fromUserId: uuid("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: uuid("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The sender's own id for the message: a retried send finds the first one. */
    clientId: varchar("client_id", { length: 64 }),
    text: varchar("text", { length: 2000 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_messages_seq_key").on(t.seq),
    index("chat_messages_conversation_idx").on(t.conversationId, t.seq),
    index("chat_messages_to_user_idx").on(t.toUserId, t.seq),
    index("chat_messages_from_user_idx").on(t.fromUserId, t.seq),
    uniqueIndex("chat_messages_client_id_key").on(t.fromUserId, t.conversationId, t.clientId),
    check("chat_messages_text_check", sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/** How far each person has read a conversation: unread = their messages after this one. */
export const chatReads = pgTable(
  "chat_reads",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => connectionRequests.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
