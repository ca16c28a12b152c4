import { sql } from "drizzle-orm";
import {
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

/** One row per (user, lower-cased skill): lets the feed find people sharing a skill by index. */
export const userSkills = pgTable(
  "user_skills",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    skill: varchar("skill", { length: 30 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skill] }),
    index("user_skills_skill_idx").on(t.skill, t.userId),
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
