import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { GROUP_TAGS } from "@kindred/shared";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { selectRows } from "../src/db/rows.ts";
import * as schema from "../src/db/schema.ts";
import { PERSONAL_DATA_PARTS, SYSTEM_TABLES } from "../src/personal-data.ts";
import {
  anonymousHeaders,
  appForFile,
  continueAs,
  readOutbox,
  reviewRequest,
  type Session,
  sendRequest,
  signUpUser,
} from "./helpers.ts";

// Export and deletion ask every module for its part of a person's data (personal-data.ts). These
// hold that list to the schema, and a deletion to its promise: nothing names the person after it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const PASSWORD = "correct horse battery";

const app: FastifyInstance = await appForFile({
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
});

const schemaTables: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** Table → owning module, from docs/architecture.md ("Who owns which table"). */
function owners(): Map<string, string> {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const section = /## Who owns which table\n([\s\S]*?)\n## /.exec(text)?.[1] ?? "";
  const owned = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const module = /^`([a-z-]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!module) continue;
    for (const match of (cells[2] ?? "").matchAll(/`([a-z_]+)`/g)) {
      if (match[1]) owned.set(match[1], module);
    }
  }
  return owned;
}

describe("every table's personal data", () => {
  it("is in one module's part or declared a system table, and each part covers only its own tables", () => {
    const covered = [
      ...PERSONAL_DATA_PARTS.flatMap((part) => part.tables),
      ...Object.keys(SYSTEM_TABLES),
    ];
    // Twice would mean two parts deleting or exporting the same rows.
    expect(covered.length).toBe(new Set(covered).size);
    // A table added to the schema without a part (or a reason it needs none) fails here.
    expect([...covered].sort()).toEqual(schemaTables);
    const ownerOf = owners();
    for (const part of PERSONAL_DATA_PARTS) {
      for (const table of part.tables) expect(ownerOf.get(table), table).toBe(part.module);
    }
    for (const [table, { why }] of Object.entries(SYSTEM_TABLES)) {
      expect(why.length, table).toBeGreaterThan(20);
    }
  });
});

/** A call as `who`, with a body for unsafe methods. */
function as(who: Session, method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: object) {
  return app.inject({
    method,
    url,
    headers: who.headers,
    ...(body !== undefined || method === "POST" ? { payload: body ?? {} } : {}),
  });
}

function community(token: string, method: "GET" | "POST" | "PUT", url: string, body?: object) {
  return app.inject({
    method,
    url: `/api/community${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return JSON.parse(answer.body || "{}");
}

/**
 * Dana, with rows in every table that can name a person, both as the one who acts and as the
 * one acted on: requests, a connection with messages both ways and a read marker, notifications
 * to her and naming her, a waiting digest, blocks and reports both ways, a push device, a second
 * session, a reset code and grant, the community (posts, replies, likes, groups, memberships,
 * events, answers) from her and around her.
 */
async function danaWithDataEverywhere() {
  const dana = await signUpUser(app, { firstName: "Dana", skills: ["Chess", "Go", "Poetry"] });
  const [finn, gus, hal, ivy, jon] = await Promise.all(
    ["Finn", "Gus", "Hal", "Ivy", "Jon"].map((firstName) => signUpUser(app, { firstName })),
  );
  if (!finn || !gus || !hal || !ivy || !jon) throw new Error("sign-up failed");

  // A connection with a conversation, both ways, read by Dana.
  await reviewRequest(app, finn, "accepted", await sendRequest(app, dana, "interested", finn));
  await ok(as(dana, "POST", `/api/chat/${finn.me._id}/messages`, { text: "hello Finn" }), 201);
  const fromFinn = await ok(
    as(finn, "POST", `/api/chat/${dana.me._id}/messages`, { text: "hello Dana" }),
    201,
  );
  await ok(as(dana, "POST", `/api/chat/${finn.me._id}/read`, { messageId: fromFinn.data._id }));
  // Requests both ways, pending: a notification to Gus names her, one to her names Hal.
  await sendRequest(app, dana, "interested", gus);
  await sendRequest(app, hal, "interested", dana);
  // Blocks and reports, both ways.
  await ok(as(dana, "POST", `/api/user/block/${ivy.me._id}`), 201);
  await ok(as(jon, "POST", `/api/user/block/${dana.me._id}`), 201);
  await ok(as(dana, "POST", `/api/user/report/${jon.me._id}`, { reason: "spam" }), 201);
  await ok(as(gus, "POST", `/api/user/report/${dana.me._id}`, { reason: "fake" }), 201);
  // Settings of her own, and a push device.
  await ok(as(dana, "PUT", "/api/notifications/settings", { post_reply: { push: false } }));
  // A device's subscription, as the push service would have given it (no push service here).
  await app.db.insert(schema.pushSubscriptions).values({
    userId: dana.me._id,
    endpoint: "https://push.example.net/send/dana",
    p256dh: "p256dh-key",
    auth: "auth-key",
  });
  // A second session, and a password reset code with its grant.
  const login = await app.inject({
    method: "POST",
    url: "/api/login",
    headers: await anonymousHeaders(app),
    payload: { emailId: dana.me.emailId, password: PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const anonymous = await anonymousHeaders(app);
  await ok(
    app.inject({
      method: "POST",
      url: "/api/forgot_password",
      headers: anonymous,
      payload: { emailId: dana.me.emailId },
    }),
  );
  const mail = (await readOutbox(app)).filter((entry) => entry.to === dana.me.emailId).at(-1);
  const otp = mail?.text.match(/^\s+(\d{6})$/m)?.[1];
  expect(otp).toBeTruthy();
  await ok(
    app.inject({
      method: "POST",
      url: "/api/verify_OTP",
      headers: anonymous,
      payload: { emailId: dana.me.emailId, otp },
    }),
  );
  await ok(
    app.inject({
      method: "POST",
      url: "/api/forgot_password",
      headers: anonymous,
      payload: { emailId: dana.me.emailId },
    }),
  );

  // The community, from her and around her.
  const her = (await continueAs(app, dana.headers)).token;
  const his = (await continueAs(app, finn.headers)).token;
  const herPost = await ok(
    community(her, "POST", "/fusionpublish", { title: "Dana's post", content: "Hello" }),
    201,
  );
  const hisPost = await ok(
    community(his, "POST", "/fusionpublish", { title: "Finn's post", content: "Hi" }),
    201,
  );
  await ok(
    community(his, "POST", `/post/${herPost.data.id}/replies`, { content: "A reply to Dana" }),
    201,
  );
  await ok(
    community(her, "POST", `/post/${hisPost.data.id}/replies`, { content: "A reply to Finn" }),
    201,
  );
  await ok(community(her, "PUT", `/post/${hisPost.data.id}/like`));
  await ok(community(his, "PUT", `/post/${herPost.data.id}/like`));
  const group = (tag: string, name: string) => ({ name, description: "We meet weekly", tag });
  const herGroup = await ok(
    community(her, "POST", "/create", {
      ...group(GROUP_TAGS[0], "Dana's circle"),
      u_id: dana.me._id,
    }),
    201,
  );
  const hisGroup = await ok(
    community(his, "POST", "/create", {
      ...group(GROUP_TAGS[1], "Finn's circle"),
      u_id: finn.me._id,
    }),
    201,
  );
  await ok(community(his, "POST", `/group/${herGroup.data._id}/join`));
  await ok(community(her, "POST", `/group/${hisGroup.data._id}/join`));
  const event = (name: string, u_id: string) => ({
    u_id,
    title: name,
    description: "Bring a board",
    date: "2099-05-17T16:00:00.000+02:00",
    location: "Library",
  });
  const herEvent = await ok(
    community(her, "POST", "/createevent", event("Dana's evening", dana.me._id)),
    201,
  );
  const hisEvent = await ok(
    community(his, "POST", "/createevent", event("Finn's evening", finn.me._id)),
    201,
  );
  await ok(community(his, "PUT", `/event/${herEvent.data._id}/rsvp`, { status: "going" }));
  await ok(community(her, "PUT", `/event/${hisEvent.data._id}/rsvp`, { status: "going" }));
  return { dana, finn };
}

/** Every column of every table that holds the text, as `table.column`. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = await selectRows<{ table: string; column: string }>(
    app.db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('uuid', 'text', 'character varying', 'json', 'jsonb', 'ARRAY')
      order by 1, 2`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    if (!schemaTables.includes(table)) continue;
    const [row] = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
    );
    if ((row?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe("deleting an account", () => {
  it("leaves no row naming the person, by id or email, beyond the tables that keep ids on purpose", async () => {
    const { dana, finn } = await danaWithDataEverywhere();
    const everywhere = await columnsHolding(dana.me._id);
    // The setup reached every table a part covers (so the check below checks them all)...
    const reached = new Set(everywhere.map((place) => place.split(".")[0]));
    for (const part of PERSONAL_DATA_PARTS) {
      for (const table of part.tables) {
        if (table === "chat_archives" || table === "chat_archive_messages") continue;
        expect(reached.has(table), `no row of ${table} names Dana before the deletion`).toBe(true);
      }
    }

    const deleted = await as(dana, "DELETE", "/api/account", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const keepsIds = Object.entries(SYSTEM_TABLES)
      .filter(([, table]) => table.keepsDeletedIds)
      .map(([name]) => name);
    const left = (await columnsHolding(dana.me._id)).filter(
      (place) => !keepsIds.includes(place.split(".")[0] as string),
    );
    expect(left).toEqual([]);
    expect(await columnsHolding(dana.me.emailId)).toEqual([]);
    // ...and the conversation stays with Finn, from "Deleted account".
    const conversations = await ok(as(finn, "GET", "/api/chat/conversations"));
    expect(conversations.data).toEqual([
      expect.objectContaining({ lastMessage: expect.objectContaining({ text: "hello Dana" }) }),
    ]);
  });
});
