import {
  ABOUT_MAX_LENGTH,
  AGE_MAX,
  AGE_MIN,
  APPEAL_MAX_LENGTH,
  APPEAL_STATES,
  CASE_STATES,
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_REACTIONS,
  COMMUNITY_USERNAME_MAX_LENGTH,
  CONTENT_VISIBILITIES,
  EMAIL_MAX_LENGTH,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_TITLE_MAX_LENGTH,
  GENDERS,
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TAGS,
  LOCALES,
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTING_KINDS,
  NOTIFICATION_SUBJECT_TYPES,
  OTP_MAX_ATTEMPTS,
  POST_CONTENT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
  PUBLIC_MESSAGE_MAX_LENGTH,
  PUBLIC_NAME_MAX_LENGTH,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_KEY_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_SUBJECT_TYPES,
  REQUEST_STATUSES,
  ROLES,
  SKILL_MAX_LENGTH,
} from "@kindred/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

// Lengths and allowed values come from the shared contract, so a column holds exactly what the
// API accepts. They are written into the DDL as literals (a check constraint takes no parameters).
const literal = (value: number) => sql.raw(String(value));
const oneOf = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));

/**
 * One row per stored photo (its three files share the key, a hash of their content). Users refer
 * to it, so two people with the identical photo share the files, and the row (with its files) is
 * deleted only while nobody refers to it (the foreign key refuses otherwise).
 */

/** PostgreSQL's full-text document type; only ever written by a generated column. */
const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/** Bytes, as node-postgres and PGlite hand them over. */
const bytea = customType<{ data: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * The words of a community text, for search: PostgreSQL's "simple" configuration (lower-cased,
 * never stemmed, so the words are the ones people typed and typo correction works on them).
 */
function searchDocument(...columns: AnyPgColumn[]) {
  return sql`to_tsvector('simple'::regconfig, ${sql.join(columns, sql` || ' ' || `)})`;
}

export const photos = pgTable("photos", {
  key: varchar("key", { length: 43 }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) holds uniqueness regardless of case. */
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: varchar("first_name", { length: NAME_MAX_LENGTH }).notNull(),
    lastName: varchar("last_name", { length: NAME_MAX_LENGTH }).notNull().default(""),
    photoUrl: text("photo_url"),
    /** The uploaded photo, which wins over photoUrl; null: none. */
    photoKey: varchar("photo_key", { length: 43 }).references(() => photos.key, {
      onDelete: "restrict",
    }),
    age: smallint("age"),
    gender: text("gender"),
    about: varchar("about", { length: ABOUT_MAX_LENGTH }).notNull().default(""),
    /** The skills as the user spelled them, in their order. */
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    /** What the user wants to learn, as they spelled it, in their order (0 to MAX_LEARNING). */
    learning: text("learning").array().notNull().default(sql`'{}'::text[]`),
    instagramLink: text("instagram_link"),
    otherLink: text("other_link"),
    /** Stable, random, unguessable id used in the shareable profile URL. */
    publicId: varchar("public_id", { length: 32 }).notNull(),
    playerId: text("player_id"),
    /** member, moderator or admin (ROLES); see requireRole in plugins/authorization.ts. */
    role: text("role").notNull().default("member"),
    /** Suspended by a moderator until then (the moderation module decides; see MODERATION). */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true, mode: "date" }),
    /** Banned by a moderator: every session ends, the content is hidden, the data is purged. */
    bannedAt: timestamp("banned_at", { withTimezone: true, mode: "date" }),
    /** Hidden from everyone else until a moderator decides (trusted reports, a held profile). */
    hiddenForReview: boolean("hidden_for_review").notNull().default(false),
    /** How often the age moved across the 13-17 / 18+ boundary (allowed once). */
    ageBandChanges: smallint("age_band_changes").notNull().default(0),
    /**
     * The band (`teen` or `adult`) of the last age set, kept when the age is cleared, so that
     * clearing it and setting another counts as a crossing; null until an age is first set.
     */
    lastAgeBand: text("last_age_band"),
    /** When the person accepted the terms (13 and over); null for accounts from before. */
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true, mode: "date" }),
    /**
     * When the person proved the address is theirs (a code or link from the verification module);
     * null until then. Accounts from before verification existed were set by the migration.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    /** Whether the person shows "Seen" to others (off: they see nobody's either). */
    readReceipts: boolean("read_receipts").notNull().default(true),
    /** The person's IANA time zone (e.g. Europe/Madrid); null: not told yet. */
    timeZone: varchar("time_zone", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /**
     * The person's number in the feed's rankings (feed_rankings), which name people by it, never
     * by id: a deleted person's number names nobody. Never reused.
     */
    feedNumber: bigint("feed_number", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /**
     * The university of the person's verified university address (campus module), shown on
     * their card; null: none. The address itself is in campus_emails and never shown.
     */
    campus: varchar("campus", { length: 160 }),
    /**
     * The language the person chose (LOCALES: en, es, ar); at sign-up, the one the request was
     * answered in. Their mails, pushes and the API's messages follow it; null: English.
     */
    locale: text("locale"),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // "My campus" reads the people of one university.
    index("users_campus_idx").on(t.campus).where(sql`${t.campus} is not null`),
    uniqueIndex("users_feed_number_key").on(t.feedNumber),
    uniqueIndex("users_public_id_key").on(t.publicId),
    index("users_photo_key_idx").on(t.photoKey),
    index("users_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    // Search finds people by full name, typos included (pg_trgm's word similarity).
    index("users_full_name_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    check("users_gender_check", sql`${t.gender} in (${oneOf(GENDERS)})`),
    check("users_age_check", sql`${t.age} between ${literal(AGE_MIN)} and ${literal(AGE_MAX)}`),
    check("users_role_check", sql`${t.role} in (${oneOf(ROLES)})`),
    check("users_last_age_band_check", sql`${t.lastAgeBand} in ('teen', 'adult')`),
    check("users_locale_check", sql`${t.locale} in (${oneOf(LOCALES)})`),
    // Few accounts have a role: finding the moderators reads only them.
    index("users_role_idx").on(t.role).where(sql`${t.role} <> 'member'`),
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
    skill: varchar("skill", { length: SKILL_MAX_LENGTH }).notNull(),
    /**
     * The canonical skill the typed one names (the skill vocabulary: "js" → "javascript"); an
     * unknown skill is its own. Matching compares these.
     */
    canonical: varchar("canonical", { length: SKILL_MAX_LENGTH }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The person's users.feed_number, kept equal by triggers (migration 0032). */
    feedNumber: bigint("feed_number", { mode: "number" }),
    /** Whether the person is 18 or over (null: no age), kept equal by triggers (migration 0032). */
    adult: boolean("adult"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skill] }),
    // The feed reads a canonical skill's people of one band, newest first, from this index alone.
    index("user_skills_feed_postings_idx").on(
      t.canonical,
      t.adult,
      t.createdAt.desc(),
      t.feedNumber.desc(),
    ),
    index("user_skills_skill_created_idx").on(t.skill, t.createdAt.desc(), t.userId.desc()),
    index("user_skills_canonical_idx").on(t.canonical, t.userId),
    // Search reads a skill's holders by id, as many as a page needs.
    index("user_skills_skill_user_idx").on(t.skill, t.userId),
    index("user_skills_skill_trgm_idx").using("gin", sql`${t.skill} gin_trgm_ops`),
  ],
);

/**
 * One row per (user, lower-cased skill they want to learn), as user_skills is for what they know:
 * the feed reads a canonical skill's learners of one band, newest first, from one index range
 * (who can be taught what the viewer knows). `createdAt`, `feedNumber` and `adult` follow the
 * person's, kept equal by the triggers that keep user_skills' (migration 0033).
 */
export const userLearning = pgTable(
  "user_learning",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skill: varchar("skill", { length: SKILL_MAX_LENGTH }).notNull(),
    canonical: varchar("canonical", { length: SKILL_MAX_LENGTH }).notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    feedNumber: bigint("feed_number", { mode: "number" }),
    adult: boolean("adult"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skill] }),
    index("user_learning_feed_postings_idx").on(
      t.canonical,
      t.adult,
      t.createdAt.desc(),
      t.feedNumber.desc(),
    ),
    index("user_learning_canonical_idx").on(t.canonical, t.userId),
  ],
);

/**
 * The skill vocabulary as loaded from the project's data at start: each alias (normalised) names
 * its canonical skill, and canonical skills relate to others (a framework to its language).
 */
export const skillAliases = pgTable("skill_aliases", {
  alias: varchar("alias", { length: SKILL_MAX_LENGTH }).primaryKey(),
  canonical: varchar("canonical", { length: SKILL_MAX_LENGTH }).notNull(),
});

export const skillRelations = pgTable(
  "skill_relations",
  {
    canonical: varchar("canonical", { length: SKILL_MAX_LENGTH }).notNull(),
    related: varchar("related", { length: SKILL_MAX_LENGTH }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.canonical, t.related] })],
);

/**
 * Every word of the community's texts (posts, groups, events) once: search corrects a typo
 * against these ("pyhton" -> "python") with a trigram index, then finds the texts holding the
 * corrected words through their `search_vector`. Kept by triggers (migration 0014): a text's new
 * words are added as it is written, and a word goes when no text holds it any more.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * Every change to someone's card: a profile created, edited (a card column or its creation time)
 * or deleted. Written at commit by a trigger on users (migrations 0015, 0031), with no lock: the
 * transaction's id (`txid`) tells a reader which changes may still be to come (those of
 * transactions running when it last read; see modules/feed/changes.ts). The feed's rankings are
 * made before some changes and catch up from here; a page checks it is not behind in the
 * statement that checks its session. `number` is the person's feed number (users.feed_number).
 */
export const peopleChanges = pgTable(
  "people_changes",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").notNull(),
    number: bigint("number", { mode: "number" }),
    txid: bigint("txid", { mode: "number" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("people_changes_txid_idx").on(t.txid)],
);

/**
 * One row: the changes of transactions below `below` (a transaction id) were pruned. A reader
 * that last read below it may have missed some, and starts again from nothing.
 */
export const peopleChangesPruned = pgTable("people_changes_pruned", {
  id: smallint("id").primaryKey().default(1),
  below: bigint("below", { mode: "number" }).notNull(),
});

/**
 * Each viewer's ranking as the feed made it (modules/feed/rankings.ts): the first people of their
 * order (most shared canonical skills, then related, then newest), each as their feed number,
 * counts, creation time and suspension, packed in `entries`. Made before the changes of
 * transactions from `horizon` on, which a page applies over it; `complete`: nobody comes after the
 * last entry. `version` changes with every write, so a process knows its copy is current.
 */
export const feedRankings = pgTable("feed_rankings", {
  viewerId: uuid("viewer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull(),
  skillsKey: bigint("skills_key", { mode: "number" }).notNull(),
  horizon: bigint("horizon", { mode: "number" }).notNull(),
  startedAt: bigint("started_at", { mode: "number" }).notNull(),
  complete: boolean("complete").notNull(),
  entries: bytea("entries").notNull(),
  madeAt: timestamp("made_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * A number per person that changes whenever a request or a block naming them is made or removed
 * (triggers on connection_requests and user_blocks, migration 0015; numbers from one sequence,
 * so a number never comes back). The feed keeps each viewer's requests and blocks in memory under
 * this number, and a page reads it in the statement that checks its session: a request or block
 * made on any process shows on the next page. No foreign key: the row of a deleted account is
 * never read again.
 */
export const relationVersions = pgTable("relation_versions", {
  userId: uuid("user_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the opaque session id; the id itself is only ever in the cookie. */
    idHash: varchar("id_hash", { length: 64 }).primaryKey(),
    /** The public id (the devices list's `_id`): never the cookie's value nor its hash. */
    id: uuid("id").notNull().defaultRandom().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Parsed from the User-Agent at sign-in ("Chrome 131", "macOS 14"); null when unknown. */
    browser: text("browser"),
    os: text("os"),
    /** Last use, written only when a lookup writes anyway or it is a few minutes old. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }),
    /** The device (push subscription) signed in with this session; logout detaches it. */
    pushSubscriptionId: uuid("push_subscription_id").references(() => pushSubscriptions.id, {
      onDelete: "set null",
    }),
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
    check("connection_requests_status_check", sql`${t.status} in (${oneOf(REQUEST_STATUSES)})`),
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
    check(
      "password_reset_codes_attempts_check",
      sql`${t.failedAttempts} between 0 and ${literal(OTP_MAX_ATTEMPTS)}`,
    ),
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
    username: varchar("username", { length: COMMUNITY_USERNAME_MAX_LENGTH }),
    passwordHash: text("password_hash"),
    /**
     * Carried in every community token (`ver`); a token is good only while it equals this.
     * Raised by a password reset and by "Leave community": every token issued before is dead.
     */
    tokenVersion: integer("token_version").notNull().default(0),
    /** The secret of the member's private calendar address; a reset replaces it. */
    calendarToken: text("calendar_token"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("community_members_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("community_members_calendar_token_key").on(t.calendarToken),
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
    title: varchar("title", { length: POST_TITLE_MAX_LENGTH }).notNull(),
    content: varchar("content", { length: POST_CONTENT_MAX_LENGTH }).notNull(),
    /** The study group the post was written in; null for the community's own board. */
    groupId: uuid("group_id").references((): AnyPgColumn => studyGroups.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    /** The title's and text's words, for search (see search_words). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> => searchDocument(communityPosts.title, communityPosts.content),
      ),
    /** visible, held (only its author sees it) or hidden (pending review); CONTENT_VISIBILITIES. */
    visibility: text("visibility").notNull().default("visible"),
  },
  (t) => [
    check(
      "community_posts_visibility_check",
      sql`${t.visibility} in (${oneOf(CONTENT_VISIBILITIES)})`,
    ),
    index("community_posts_created_at_idx").on(t.createdAt, t.id),
    index("community_posts_author_idx").on(t.authorId),
    index("community_posts_group_idx").on(t.groupId, t.createdAt, t.id),
    index("community_posts_search_idx").using("gin", t.searchVector),
  ],
);

/** Replies to a post: one level, oldest first. Deleting the post deletes its replies. */
export const communityPostReplies = pgTable(
  "community_post_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    content: varchar("content", { length: POST_CONTENT_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    /** visible, held (only its author sees it) or hidden (pending review); CONTENT_VISIBILITIES. */
    visibility: text("visibility").notNull().default("visible"),
  },
  (t) => [
    check(
      "community_post_replies_visibility_check",
      sql`${t.visibility} in (${oneOf(CONTENT_VISIBILITIES)})`,
    ),
    index("community_post_replies_post_idx").on(t.postId, t.createdAt, t.id),
    index("community_post_replies_author_idx").on(t.authorId),
  ],
);

/** One like per member and post. */
export const communityPostLikes = pgTable(
  "community_post_likes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.memberId] }),
    index("community_post_likes_member_idx").on(t.memberId),
  ],
);

export const studyGroups = pgTable(
  "study_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    name: varchar("name", { length: GROUP_NAME_MAX_LENGTH }).notNull(),
    description: varchar("description", { length: GROUP_DESCRIPTION_MAX_LENGTH }).notNull(),
    tag: text("tag").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    /** The name's and description's words, for search (see search_words). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> => searchDocument(studyGroups.name, studyGroups.description),
      ),
    /** visible, held (only its author sees it) or hidden (pending review); CONTENT_VISIBILITIES. */
    visibility: text("visibility").notNull().default("visible"),
  },
  (t) => [
    check(
      "study_groups_visibility_check",
      sql`${t.visibility} in (${oneOf(CONTENT_VISIBILITIES)})`,
    ),
    index("study_groups_created_at_idx").on(t.createdAt, t.id),
    index("study_groups_author_idx").on(t.authorId),
    index("study_groups_search_idx").using("gin", t.searchVector),
    check("study_groups_tag_check", sql`${t.tag} in (${oneOf(GROUP_TAGS)})`),
  ],
);

/** Who belongs to a study group (its creator joins on creation). */
export const studyGroupMembers = pgTable(
  "study_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.memberId] }),
    index("study_group_members_member_idx").on(t.memberId),
    index("study_group_members_joined_idx").on(t.groupId, t.joinedAt, t.memberId),
  ],
);

export const communityEvents = pgTable(
  "community_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    title: varchar("title", { length: EVENT_TITLE_MAX_LENGTH }).notNull(),
    description: varchar("description", { length: EVENT_DESCRIPTION_MAX_LENGTH }).notNull(),
    location: varchar("location", { length: EVENT_LOCATION_MAX_LENGTH }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** When it ends (after it starts): the host's, else an hour after the start. */
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    /** The offset the host wrote the date with ("+02:00", "Z"): the event's own local time. */
    utcOffset: varchar("utc_offset", { length: 6 }).notNull().default("Z"),
    /** Places for people going; null: no limit. Past it, people are waitlisted in order. */
    capacity: integer("capacity"),
    groupId: uuid("group_id").references(() => studyGroups.id, { onDelete: "set null" }),
    /** Set when the host cancels: the event stays, marked, and everyone going or waiting is told. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true, mode: "date", precision: 3 }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The title's and description's words, for search (see search_words). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> =>
          searchDocument(communityEvents.title, communityEvents.description),
      ),
    /** visible, held (only its author sees it) or hidden (pending review); CONTENT_VISIBILITIES. */
    visibility: text("visibility").notNull().default("visible"),
  },
  (t) => [
    check(
      "community_events_visibility_check",
      sql`${t.visibility} in (${oneOf(CONTENT_VISIBILITIES)})`,
    ),
    index("community_events_starts_at_idx").on(t.startsAt, t.id),
    index("community_events_author_idx").on(t.authorId),
    index("community_events_search_idx").using("gin", t.searchVector),
    check(
      "community_events_capacity_check",
      sql`${t.capacity} is null or ${t.capacity} between 1 and 100000`,
    ),
    check("community_events_ends_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A member's answer to an event: going, or waitlisted (past the capacity, in `createdAt` order).
 * Not going is no row. Changes to an event's rows run under a lock on the event's row, so the
 * number going never passes the capacity.
 */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => communityEvents.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => communityMembers.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    /** When the member answered: the waitlist's order. */
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.memberId] }),
    index("event_rsvps_event_status_idx").on(t.eventId, t.status, t.createdAt, t.memberId),
    index("event_rsvps_member_idx").on(t.memberId),
    check("event_rsvps_status_check", sql`${t.status} in ('going', 'waitlisted')`),
  ],
);

/** A ticket from the support center's form; also mailed to the support address. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: PUBLIC_NAME_MAX_LENGTH }).notNull(),
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
    topic: varchar("topic", { length: 40 }),
    message: varchar("message", { length: PUBLIC_MESSAGE_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("support_tickets_created_at_idx").on(t.createdAt)],
);

/** A message from the contact page; also mailed to the support address. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: PUBLIC_NAME_MAX_LENGTH }).notNull(),
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
    message: varchar("message", { length: PUBLIC_MESSAGE_MAX_LENGTH }).notNull(),
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
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
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
/** Cases: one per reported subject while open; every report, filter match and action joins it. */
export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** REPORT_SUBJECT_TYPES */
    subjectType: text("subject_type").notNull(),
    /** The reported thing's id; null once it names a deleted account (user cases). */
    subjectId: uuid("subject_id"),
    /** The person concerned: the profile's owner or the content's author (an account). */
    personId: uuid("person_id").references(() => users.id, { onDelete: "set null" }),
    /** What was reported as it was then (snapshotSchema); never an email or an account's id. */
    snapshot: jsonb("snapshot").notNull(),
    state: text("state").notNull().default("open"),
    heldByFilter: boolean("held_by_filter").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    /** What the automatic filter saw: {rules, matches}. */
    filter: jsonb("filter"),
    /** Why the product opened it by itself: filter, age_change. */
    sources: text("sources").array().notNull().default(sql`'{}'::text[]`),
    notes: text("notes").array().notNull().default(sql`'{}'::text[]`),
    priority: integer("priority").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("moderation_cases_open_subject_key")
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.state} = 'open'`),
    index("moderation_cases_queue_idx").on(t.state, t.priority.desc(), t.createdAt.desc(), t.id),
    index("moderation_cases_person_idx").on(t.personId),
    check("moderation_cases_state_check", sql`${t.state} in (${oneOf(CASE_STATES)})`),
    check(
      "moderation_cases_subject_type_check",
      sql`${t.subjectType} in (${oneOf(REPORT_SUBJECT_TYPES)})`,
    ),
  ],
);

export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    /** null once the reporter deleted their account ("Deleted account"). */
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: varchar("details", { length: REPORT_DETAILS_MAX_LENGTH }),
    /** The reporter was trusted when reporting (TRUSTED_REPORTER_MIN_DAYS, ..._CONNECTIONS). */
    trusted: boolean("trusted").notNull().default(false),
    /** Dismissed by a moderator as abusive: its reporter is no longer trusted. */
    abusive: boolean("abusive").notNull().default(false),
    /** Once the case closed: action_taken or no_action (what the reporter reads). */
    outcome: text("outcome"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("moderation_reports_case_idx").on(t.caseId, t.createdAt),
    index("moderation_reports_reporter_idx").on(t.reporterId, t.createdAt),
    check("moderation_reports_reason_check", sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
  ],
);

export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id").references(() => moderationCases.id, { onDelete: "set null" }),
    personId: uuid("person_id").references(() => users.id, { onDelete: "set null" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    days: smallint("days"),
    until: timestamp("until", { withTimezone: true, mode: "date", precision: 3 }),
    reason: varchar("reason", { length: MODERATION_REASON_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("moderation_actions_person_idx").on(t.personId, t.createdAt),
    index("moderation_actions_case_idx").on(t.caseId),
    check("moderation_actions_action_check", sql`${t.action} in (${oneOf(MODERATION_ACTIONS)})`),
  ],
);

export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionId: uuid("action_id")
      .notNull()
      .references(() => moderationActions.id, { onDelete: "cascade" }),
    personId: uuid("person_id").references(() => users.id, { onDelete: "set null" }),
    text: varchar("text", { length: APPEAL_MAX_LENGTH }).notNull(),
    state: text("state").notNull().default("open"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decisionReason: varchar("decision_reason", { length: MODERATION_REASON_MAX_LENGTH }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("moderation_appeals_action_key").on(t.actionId),
    index("moderation_appeals_state_idx").on(t.state, t.createdAt),
    check("moderation_appeals_state_check", sql`${t.state} in (${oneOf(APPEAL_STATES)})`),
  ],
);

/**
 * Every moderation action and role change, append-only (a trigger refuses changes but the
 * nulling of an account's id when it is deleted). Names are kept as they were.
 */
export const moderationAudit = pgTable(
  "moderation_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: uuid("subject_id"),
    targetId: uuid("target_id").references(() => users.id, { onDelete: "set null" }),
    targetName: text("target_name"),
    caseId: uuid("case_id"),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("moderation_audit_time_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_audit_target_idx").on(t.targetId),
  ],
);

/** Keyed hashes (HMAC-SHA256) of banned accounts' emails: a new sign-up with one is refused. */
export const bannedEmails = pgTable("banned_emails", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

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
    clientId: varchar("client_id", { length: CHAT_CLIENT_ID_MAX_LENGTH }),
    text: varchar("text", { length: CHAT_MESSAGE_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    /** visible, held (only its author sees it) or hidden (pending review); CONTENT_VISIBILITIES. */
    visibility: text("visibility").notNull().default("visible"),
    /** When its author last changed the text; null: never. */
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** Deleted for both by its author: the text is emptied, its reactions and photos go. */
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** The message this one answers (in the same conversation); null: none. */
    replyToId: uuid("reply_to_id"),
    /** The meet-up this message proposes (meetups module); null for other messages. */
    meetupId: uuid("meetup_id").references((): AnyPgColumn => meetups.id, { onDelete: "set null" }),
    /**
     * Moves past every message's `seq` when the message is edited, deleted or reacted to: a
     * reconnecting client resumes changes as well as messages (same sequence as `seq`).
     */
    changeSeq: bigint("change_seq", { mode: "number" }),
    /** The words of the text, for search in a conversation ("simple": as typed, not stemmed). */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => searchDocument(chatMessages.text)),
  },
  (t) => [
    index("chat_messages_search_idx").using("gin", t.searchVector),
    index("chat_messages_change_idx").on(t.changeSeq),
    check(
      "chat_messages_visibility_check",
      sql`${t.visibility} in (${oneOf(CONTENT_VISIBILITIES)})`,
    ),
    uniqueIndex("chat_messages_seq_key").on(t.seq),
    index("chat_messages_conversation_idx").on(t.conversationId, t.seq),
    index("chat_messages_to_user_idx").on(t.toUserId, t.seq),
    index("chat_messages_from_user_idx").on(t.fromUserId, t.seq),
    uniqueIndex("chat_messages_client_id_key").on(t.fromUserId, t.conversationId, t.clientId),
    check(
      "chat_messages_text_check",
      sql`char_length(${t.text}) between 0 and ${literal(CHAT_MESSAGE_MAX_LENGTH)}`,
    ),
  ],
);

/**
 * Earlier texts of edited messages, for a report's snapshot only (nobody reads them in the app);
 * deleted with the message's text when it is deleted.
 */
export const chatMessageEdits = pgTable(
  "chat_message_edits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    /** The text as it was before this edit. */
    text: varchar("text", { length: CHAT_MESSAGE_MAX_LENGTH }).notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("chat_message_edits_message_idx").on(t.messageId, t.editedAt)],
);

/** One of the six reactions of a person to a message (CHAT_REACTIONS), one of each per person. */
export const chatReactions = pgTable(
  "chat_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    emoji: text("emoji").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.emoji] }),
    check("chat_reactions_emoji_check", sql`${t.emoji} in (${oneOf(CHAT_REACTIONS)})`),
  ],
);

/**
 * A photo sent in chat: uploaded first (no message yet, its uploader's only), then attached to
 * one message. Its files are `chat-<id>-<size>.webp`, served only to the two people of the
 * conversation. `message_id` names the message wherever it is (live, archived or kept), so it
 * has no foreign key; a sweep deletes photos whose message is gone (and unsent ones after a day).
 */
export const chatPhotos = pgTable(
  "chat_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").notNull(),
    messageId: uuid("message_id"),
    position: smallint("position").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index("chat_photos_message_idx").on(t.messageId, t.position),
    index("chat_photos_owner_idx").on(t.ownerId, t.createdAt),
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

/**
 * A conversation whose other person deleted their account, kept read-only for the one who stays:
 * its id is the former conversation's, and the messages both sent are copied into
 * `chat_archive_messages` without the deleted person's id. Deleting it (or the owner's account)
 * takes the messages with it.
 */
export const chatArchives = pgTable(
  "chat_archives",
  {
    id: uuid("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When the other person's account was deleted. */
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("chat_archives_owner_idx").on(t.ownerId)],
);

/** The messages of an archived conversation: `fromOwner` says who sent each. */
export const chatArchiveMessages = pgTable(
  "chat_archive_messages",
  {
    /** The message's own id, as the owner's client knew it. */
    id: uuid("id").primaryKey(),
    archiveId: uuid("archive_id")
      .notNull()
      .references(() => chatArchives.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    fromOwner: boolean("from_owner").notNull(),
    text: varchar("text", { length: CHAT_MESSAGE_MAX_LENGTH }).notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true, mode: "date", precision: 3 }),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date", precision: 3 }),
    replyToId: uuid("reply_to_id"),
    /** The reactions as they were: `[{emoji, fromOwner}]`. */
    reactions: jsonb("reactions").notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp("created_at", {
      withTimezone: true,
      mode: "date",
      precision: 3,
    }).notNull(),
  },
  (t) => [index("chat_archive_messages_archive_idx").on(t.archiveId, t.seq)],
);

/**
 * A conversation closed by a removal or a block, kept out of reach of both people for 30 days
 * (the evidence a later report carries), then deleted by the `chat_kept_purge` job. Its id is the
 * former conversation's (the deleted request's); the pair is stored in order (`user_a` < `user_b`).
 * Deleting either account takes it.
 */
export const chatKeptConversations = pgTable(
  "chat_kept_conversations",
  {
    id: uuid("id").primaryKey(),
    userA: uuid("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: uuid("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    deleteAfter: timestamp("delete_after", {
      withTimezone: true,
      mode: "date",
      precision: 3,
    }).notNull(),
  },
  (t) => [
    index("chat_kept_conversations_pair_idx").on(t.userA, t.userB, t.closedAt),
    index("chat_kept_conversations_user_b_idx").on(t.userB),
    index("chat_kept_conversations_delete_after_idx").on(t.deleteAfter),
    check("chat_kept_conversations_pair_order", sql`${t.userA} < ${t.userB}`),
  ],
);

/** The messages of a kept conversation, as they were: their own ids, senders and order. */
export const chatKeptMessages = pgTable(
  "chat_kept_messages",
  {
    /** The message's own id (chat_messages.id) when it was live. */
    id: uuid("id").primaryKey(),
    keptId: uuid("kept_id")
      .notNull()
      .references(() => chatKeptConversations.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    /** One of the pair (no key of its own: the messages go with their conversation). */
    fromUserId: uuid("from_user_id").notNull(),
    toUserId: uuid("to_user_id").notNull(),
    text: varchar("text", { length: CHAT_MESSAGE_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", {
      withTimezone: true,
      mode: "date",
      precision: 3,
    }).notNull(),
  },
  (t) => [index("chat_kept_messages_kept_idx").on(t.keptId, t.seq)],
);

/**
 * What is worth telling a person. Unread notifications of one kind about the same subject are one
 * row (the partial unique index on `group_key`); its actors grow and `updated_at` moves it to the
 * top. Reading it ends the group: the next one starts a new row. A moderation notice has no actor
 * and a group of its own; its sentence is stored in `text` (null for every other kind, whose
 * sentence is made from its actors when read).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** kind + subject: what unread notifications are grouped by. */
    groupKey: text("group_key").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    url: text("url").notNull(),
    /** The stored sentence of a `moderation` notice; null for the kinds told from their actors. */
    text: text("text"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    /** The last time an actor was added: the centre's order and the digest's clock. */
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date", precision: 3 }),
    /** Set once a digest mail has named it, so no mail names it twice. */
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("notifications_unread_group_key")
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null`),
    index("notifications_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("notifications_kind_check", sql`${t.kind} in (${oneOf(NOTIFICATION_KINDS)})`),
    check(
      "notifications_subject_type_check",
      sql`${t.subjectType} in (${oneOf(NOTIFICATION_SUBJECT_TYPES)})`,
    ),
    check("notifications_text_check", sql`(${t.kind} = 'moderation') = (${t.text} is not null)`),
  ],
);

/** Who caused a notification; a block or a deleted account removes their rows (and their count). */
export const notificationActors = pgTable(
  "notification_actors",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index("notification_actors_actor_idx").on(t.actorId),
  ],
);

/** A person's choice per kind; a kind with no row has push and email on. `moderation` has none. */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    push: boolean("push").notNull().default(true),
    email: boolean("email").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check(
      "notification_settings_kind_check",
      sql`${t.kind} in (${oneOf(NOTIFICATION_SETTING_KINDS)})`,
    ),
  ],
);

/**
 * A browser's push subscription. Its id is the `playerId` that login and signup send: the device
 * belongs to whoever signed in on it last, and logout detaches it (`user_id` null).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    endpoint: varchar("endpoint", { length: PUSH_ENDPOINT_MAX_LENGTH }).notNull(),
    p256dh: varchar("p256dh", { length: PUSH_KEY_MAX_LENGTH }).notNull(),
    auth: varchar("auth", { length: PUSH_KEY_MAX_LENGTH }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** Sends in a row that timed out or failed (reset by one that got through); dropped at the limit. */
    failures: integer("failures").notNull().default(0),
    /** After a failure: nothing is sent to the endpoint before this time. */
    retryAt: timestamp("retry_at", { withTimezone: true, mode: "date", precision: 3 }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Durable background work (push delivery, digests, reminders). A worker claims due jobs with
 * `FOR UPDATE SKIP LOCKED`, so each runs once however many processes share the database; a job
 * that fails is retried later with backoff, and one whose worker died is claimed again once its
 * lease ends. A job with a `key` is unique while it waits (one digest per person per window).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    key: text("key"),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    runAt: timestamp("run_at", { withTimezone: true, mode: "date", precision: 3 })
      .notNull()
      .defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    /** While a worker holds it: claimed again by another after this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date", precision: 3 }),
    lastError: text("last_error"),
    /** Jobs of one group (one person's pushes) run only a few at once, so none holds its kind. */
    groupKey: text("group_key"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("jobs_run_at_idx").on(t.runAt),
    uniqueIndex("jobs_key_key").on(t.key),
    index("jobs_group_key_idx").on(t.groupKey),
  ],
);

/**
 * The one live email verification of an account: the address it proves (the account's own, or a
 * new one it is changing to), a 6-digit code and a link token, both stored hashed. A new one
 * replaces the old; a right code or the token deletes it (single use); wrong codes count.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address being verified, lower-cased; not the account's while a change is pending. */
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
    codeHash: text("code_hash").notNull(),
    tokenHash: text("token_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("email_verifications_token_hash_key").on(t.tokenHash),
    check(
      "email_verifications_attempts_check",
      sql`${t.failedAttempts} between 0 and ${literal(OTP_MAX_ATTEMPTS)}`,
    ),
    check("email_verifications_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/**
 * Proof-of-work solutions already used (bot-check module), kept until their challenge expires so
 * that one solution opens one sign-up or form, across processes. Keyed by the challenge's signature.
 */
export const botCheckSpent = pgTable(
  "bot_check_spent",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("bot_check_spent_expires_at_idx").on(t.expiresAt)],
);

/**
 * A person's two-step codes (TOTP, RFC 6238). Pending while `enabledAt` is null (set up, not yet
 * confirmed with a code); `lastStep` is the newest 30-second step accepted, so a code works once.
 */
export const twoStepSecrets = pgTable("two_step_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The 20-byte key, base32 as in the otpauth address. */
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true, mode: "date" }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The 10 recovery codes of a person with two-step codes on: SHA-256 hashes, each single-use. */
export const twoStepRecoveryCodes = pgTable(
  "two_step_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("two_step_recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/** A person's passkeys (WebAuthn credentials): public keys only, found by the credential's id. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it at sign-in. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    name: varchar("name", { length: 60 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId),
  ],
);

/**
 * WebAuthn challenges waiting for the browser's answer: single-use (taken by one delete), 5
 * minutes. A registration's names its person; a sign-in's names no one yet.
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    challenge: varchar("challenge", { length: 100 }).primaryKey(),
    purpose: varchar("purpose", { length: 12 }).$type<"register" | "login">().notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("passkey_challenges_expires_at_idx").on(t.expiresAt)],
);

/**
 * A person's university address (campus module): the address, the university its domain names,
 * and while it is being proved, a 6-digit code (hashed) with its expiry and wrong tries. Once
 * verified, `verifiedAt` is set and the code is gone; one address proves one account.
 */
export const campusEmails = pgTable(
  "campus_emails",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: varchar("email", { length: EMAIL_MAX_LENGTH }).notNull(),
    university: varchar("university", { length: 160 }).notNull(),
    codeHash: text("code_hash"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campus_emails_verified_email_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A person's daily picks (picks module): up to 3 people a day, made once at 09:00 in the person's
 * time zone by a durable job; `day` is that local date. A person is in at most 3 people's picks of
 * a day when others can be picked instead.
 */
export const dailyPicks = pgTable(
  "daily_picks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    position: smallint("position").notNull(),
    pickId: uuid("pick_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.position] }),
    uniqueIndex("daily_picks_pick_key").on(t.userId, t.day, t.pickId),
    index("daily_picks_pick_day_idx").on(t.pickId, t.day),
  ],
);

/**
 * The days a person's picks were made for (picks module), with none or some: the job makes a
 * person's picks of a day once.
 */
export const dailyPickRuns = pgTable(
  "daily_pick_runs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A person's weekly availability (meetups module): hour slots in their time zone, day 0 (Sunday)
 * to 6. Private: others only ever see the hours both are free.
 */
export const availabilitySlots = pgTable(
  "availability_slots",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: smallint("day").notNull(),
    hour: smallint("hour").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.hour] }),
    check("availability_slots_day_check", sql`${t.day} between 0 and 6`),
    check("availability_slots_hour_check", sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * A meet-up proposed in a chat (meetups module): proposed, then accepted or declined by the
 * person it was proposed to; either may cancel an accepted one. Its reminders are jobs.
 */
export const meetups = pgTable(
  "meetups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    proposedTo: uuid("proposed_to")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }).notNull(),
    place: varchar("place", { length: 120 }),
    link: varchar("link", { length: 2048 }),
    note: varchar("note", { length: 500 }),
    state: text("state").notNull().default("proposed"),
    cancelledBy: uuid("cancelled_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("meetups_proposed_by_idx").on(t.proposedBy, t.startsAt),
    index("meetups_proposed_to_idx").on(t.proposedTo, t.startsAt),
    check(
      "meetups_state_check",
      sql`${t.state} in ('proposed', 'accepted', 'declined', 'cancelled')`,
    ),
    check("meetups_times_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
