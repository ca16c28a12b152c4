import type { CommunityEvent, GroupTag, Post, Group as StudyGroup } from "@kindred/shared";
import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  communityEvents,
  communityMembers,
  communityPosts,
  studyGroups,
  users,
} from "../../db/schema.ts";
import { isUuid } from "../users/repository.ts";
import type { Cursor } from "./cursor.ts";
import { memberNameSql } from "./members.ts";

/** One page of a list and where the next one starts (null: this was the last). */
export type Page<T> = { items: T[]; next: Cursor | null };
export type PageRequest = { cursor: Cursor | null; limit: number };

// Every list is one index range scan on (time, id) that stops after limit + 1 rows: the extra
// row only says whether there is a next page. Row comparison keeps the scan on the index.

function after(time: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  return cursor
    ? sql`(${time}, ${id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

function before(time: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  return cursor
    ? sql`(${time}, ${id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

function toPage<R, T>(
  rows: R[],
  limit: number,
  position: (row: R) => Cursor,
  view: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { items: kept.map(view), next: more && last ? position(last) : null };
}

/** Deletes the row when it exists and `authorId` wrote it; false otherwise. */
async function deleteOwn(
  db: Database,
  table: PgTable & { id: PgColumn; authorId: PgColumn },
  id: string,
  authorId: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id.toLowerCase()), eq(table.authorId, authorId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

// ---------- posts: newest first ----------

type PostRow = {
  id: string;
  title: string;
  content: string;
  authorId: string;
  authorName: string;
  createdAt: Date;
};

function toPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    userId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The page of posts is cut from the index first (a subquery with its own limit), then each of its
 * rows looks up its author by primary key: whatever the planner knows, at most limit + 1 lookups.
 */
async function selectPosts(
  db: Database,
  where: SQL | undefined,
  limit: number,
): Promise<PostRow[]> {
  const page = db
    .select()
    .from(communityPosts)
    .where(where)
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(limit)
    .as("page");
  return db
    .select({
      id: page.id,
      title: page.title,
      content: page.content,
      authorId: page.authorId,
      authorName: memberNameSql(),
      createdAt: page.createdAt,
    })
    .from(page)
    .innerJoin(communityMembers, eq(communityMembers.id, page.authorId))
    .leftJoin(users, eq(users.id, communityMembers.userId))
    .orderBy(desc(page.createdAt), desc(page.id));
}

export async function listPosts(db: Database, page: PageRequest): Promise<Page<Post>> {
  const rows = await selectPosts(
    db,
    before(communityPosts.createdAt, communityPosts.id, page.cursor),
    page.limit + 1,
  );
  return toPage(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }), toPost);
}

export async function createPost(
  db: Database,
  authorId: string,
  input: { title: string; content: string },
): Promise<Post> {
  const [created] = await db
    .insert(communityPosts)
    .values({ authorId, title: input.title, content: input.content })
    .returning({ id: communityPosts.id });
  if (!created) throw new Error("insert returned no row");
  const [row] = await selectPosts(db, eq(communityPosts.id, created.id), 1);
  if (!row) throw new Error("the new post is not there");
  return toPost(row);
}

export function deletePost(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, communityPosts, id, authorId);
}

// ---------- study groups: newest first ----------

type GroupRow = typeof studyGroups.$inferSelect;

function toGroup(row: GroupRow): StudyGroup {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    tag: row.tag as GroupTag,
    u_id: row.authorId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGroups(db: Database, page: PageRequest): Promise<Page<StudyGroup>> {
  const rows = await db
    .select()
    .from(studyGroups)
    .where(before(studyGroups.createdAt, studyGroups.id, page.cursor))
    .orderBy(desc(studyGroups.createdAt), desc(studyGroups.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (row) => ({ at: row.createdAt, id: row.id }), toGroup);
}

export async function createGroup(
  db: Database,
  authorId: string,
  input: { name: string; description: string; tag: GroupTag },
): Promise<StudyGroup> {
  const [row] = await db
    .insert(studyGroups)
    .values({ authorId, ...input })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toGroup(row);
}

export function deleteGroup(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, studyGroups, id, authorId);
}

// ---------- events: soonest first, past ones left out ----------

type EventRow = typeof communityEvents.$inferSelect;

function toEvent(row: EventRow): CommunityEvent {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    date: row.startsAt.toISOString(),
    location: row.location,
    u_id: row.authorId,
  };
}

export async function listUpcomingEvents(
  db: Database,
  now: Date,
  page: PageRequest,
): Promise<Page<CommunityEvent>> {
  const rows = await db
    .select()
    .from(communityEvents)
    .where(
      and(
        gte(communityEvents.startsAt, now),
        after(communityEvents.startsAt, communityEvents.id, page.cursor),
      ),
    )
    .orderBy(asc(communityEvents.startsAt), asc(communityEvents.id))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (row) => ({ at: row.startsAt, id: row.id }), toEvent);
}

export async function createEvent(
  db: Database,
  authorId: string,
  input: { title: string; description: string; location: string; startsAt: Date },
): Promise<CommunityEvent> {
  const [row] = await db
    .insert(communityEvents)
    .values({ authorId, ...input })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toEvent(row);
}

export function deleteEvent(db: Database, id: string, authorId: string): Promise<boolean> {
  return deleteOwn(db, communityEvents, id, authorId);
}
