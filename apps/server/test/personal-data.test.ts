import { randomUUID } from "node:crypto";
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
import { localDay } from "../src/lib/zoned-time.ts";
import { insertChatPhoto } from "../src/modules/chat/changes-repository.ts";
import { makePicks } from "../src/modules/picks/service.ts";
import { PERSONAL_DATA_PARTS, SYSTEM_TABLES } from "../src/personal-data.ts";
import { callCommunity } from "./community-helpers.ts";
import {
  anonymousHeaders,
  appForFile,
  blockUser,
  botCheck,
  call,
  connectedPair,
  continueAs,
  forgotPassword,
  logIn,
  mailsTo,
  PASSWORD,
  recoveryCodeIn,
  reviewRequest,
  sendMessage,
  sendRequest,
  signUpUser,
  turnOnTwoStep,
  verifyCode,
} from "./helpers.ts";
import { SoftAuthenticator } from "./soft-authenticator.ts";

// Export and deletion ask every module for its part of a person's data (personal-data.ts). These
// hold that list to the schema, and a deletion to its promise: nothing names the person after it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const moderatorEmail = "moderator-of-the-data-test@kindred.test";
/** Dana's university address (MIT's domain): only ever in her own rows. */
const danaCampusEmail = "dana.of-the-data-test@mit.edu";
const app: FastifyInstance = await appForFile({
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
  adminEmails: [moderatorEmail],
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

async function ok(response: Promise<{ statusCode: number; body: string }>, status = 200) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return JSON.parse(answer.body || "{}");
}

/**
 * Dana, with rows in every table that can name a person, both as the one who acts and as the
 * one acted on: requests, a connection with messages both ways and a read marker, notifications
 * to her and naming her, a waiting digest, blocks and reports both ways (a conversation kept
 * after a block), a push device, a second session, a reset code and grant, a support ticket, a
 * contact message and a newsletter subscription from her address, her feed's ranking, a verified
 * university address, the community (posts, replies, likes, groups, memberships, events, answers)
 * from her and around her.
 */
async function danaWithDataEverywhere() {
  const [dana, finn] = await connectedPair(app, [
    { firstName: "Dana", skills: ["Chess", "Go", "Poetry"], learning: ["Guitar"] },
    "Finn",
  ]);
  const [gus, hal, ivy, jon] = await Promise.all(
    ["Gus", "Hal", "Ivy", "Jon"].map((firstName) => signUpUser(app, { firstName })),
  );
  if (!gus || !hal || !ivy || !jon) throw new Error("sign-up failed");

  // Her week of free hours, and a meet-up she suggested to Finn.
  await ok(call(app, dana, "PUT", "/api/account/availability", { slots: [{ day: 1, hour: 18 }] }));
  const inAWeek = Date.now() + 7 * 86_400_000;
  await ok(
    call(app, dana, "POST", "/api/meetups", {
      withUserId: finn.me._id,
      start: new Date(inAWeek).toISOString(),
      end: new Date(inAWeek + 3_600_000).toISOString(),
    }),
    201,
  );
  // A conversation both ways, read by Dana: she edited her first message and sent a photo, and
  // each reacted to the other.
  const first = await sendMessage(app, dana, finn, "hello Fin");
  await ok(call(app, dana, "PATCH", `/api/chat/messages/${first._id}`, { text: "hello Finn" }));
  const photoId = randomUUID();
  await insertChatPhoto(app.db, { id: photoId, ownerId: dana.me._id, width: 40, height: 30 });
  const photo = await ok(
    call(app, dana, "POST", `/api/chat/${finn.me._id}/messages`, { photos: [photoId] }),
    201,
  );
  const fromFinn = await sendMessage(app, finn, dana, "hello Dana");
  const heart = encodeURIComponent("❤️");
  await ok(call(app, dana, "PUT", `/api/chat/messages/${fromFinn._id}/reactions/${heart}`));
  await ok(call(app, finn, "PUT", `/api/chat/messages/${photo.data._id}/reactions/${heart}`));
  await ok(call(app, dana, "POST", `/api/chat/${finn.me._id}/read`, { messageId: fromFinn._id }));
  // Her feed: the ranking made for her names her as its viewer.
  await ok(call(app, dana, "GET", "/api/feed"));
  // Requests both ways, pending: a notification to Gus names her, one to her names Hal.
  await sendRequest(app, dana, "interested", gus);
  await sendRequest(app, hal, "interested", dana);
  // Blocks and reports, both ways; blocking Ivy, a connection, keeps their conversation.
  await reviewRequest(app, ivy, "accepted", await sendRequest(app, dana, "interested", ivy));
  await sendMessage(app, dana, ivy, "hello Ivy");
  await sendMessage(app, ivy, dana, "hello Dana, from Ivy");
  await blockUser(app, dana, ivy.me._id);
  await blockUser(app, jon, dana.me._id);
  await ok(call(app, dana, "POST", `/api/user/report/${jon.me._id}`, { reason: "spam" }), 201);
  await ok(call(app, gus, "POST", `/api/user/report/${dana.me._id}`, { reason: "fake" }), 201);
  // A moderator warns her about Gus's report (an action, the audit), and she appeals.
  const moderator = await signUpUser(app, { emailId: moderatorEmail, firstName: "Mo" });
  const cases = (await call(app, moderator, "GET", "/api/moderation/cases")).json().data;
  const about = cases.find((c: { subject: { _id: string } }) => c.subject._id === dana.me._id);
  await ok(
    call(app, moderator, "POST", `/api/moderation/cases/${about._id}/actions`, {
      action: "warn",
      reason: "Use your own name",
    }),
    201,
  );
  await ok(call(app, dana, "POST", "/api/moderation/appeal", { text: "It is my name" }), 201);
  // Settings of her own, and a device's subscription, as the push service would have given it.
  await ok(call(app, dana, "PUT", "/api/notifications/settings", { post_reply: { push: false } }));
  await app.db.insert(schema.pushSubscriptions).values({
    userId: dana.me._id,
    endpoint: "https://push.example.net/send/dana",
    p256dh: "p256dh-key",
    auth: "auth-key",
  });
  // What she sent from the public forms, with her address in another case.
  const address = dana.me.emailId.toUpperCase();
  const visitor = await anonymousHeaders(app);
  await ok(
    call(app, visitor, "POST", "/api/support/tickets", {
      name: "Dana",
      email: address,
      message: "I cannot upload my photo",
      ...(await botCheck(app)),
    }),
    201,
  );
  await ok(
    call(app, visitor, "POST", "/api/contact", {
      name: "Dana",
      email: address,
      message: "Hi",
      ...(await botCheck(app)),
    }),
    201,
  );
  await ok(
    call(app, visitor, "POST", "/api/newsletter", { email: address, ...(await botCheck(app)) }),
  );
  // A second session, and a password reset code beside an open grant.
  await logIn(app, dana.me.emailId, { password: PASSWORD });
  await ok(forgotPassword(app, dana.me.emailId));
  const code = recoveryCodeIn((await mailsTo(app, dana.me.emailId)).at(-1));
  await ok(verifyCode(app, dana.me.emailId, code));
  await ok(forgotPassword(app, dana.me.emailId));
  // A change of address waiting for its code.
  await ok(
    call(app, dana, "PUT", "/api/account/email", {
      email: `new-${dana.me.emailId}`,
      password: PASSWORD,
    }),
  );
  // Two-step codes on: a secret and recovery codes.
  await turnOnTwoStep(app, dana);
  // A passkey, and another one started (its challenge waits).
  const passkeyOptions = () =>
    ok(call(app, dana, "POST", "/api/passkeys/registration/options", { password: PASSWORD }));
  const authenticator = new SoftAuthenticator(app.config.publicOrigin);
  await ok(
    call(
      app,
      dana,
      "POST",
      "/api/passkeys/registration",
      authenticator.create((await passkeyOptions()).data),
    ),
    201,
  );
  await passkeyOptions();
  // A university address, verified: her card shows its university.
  await ok(call(app, dana, "POST", "/api/account/campus", { email: danaCampusEmail }));
  const campusMail = (await mailsTo(app, danaCampusEmail)).at(-1);
  const campusCode = /(\d{6})$/.exec(campusMail?.subject ?? "")?.[1];
  await ok(call(app, dana, "POST", "/api/account/campus/verify", { code: campusCode }));

  // The community, from her and around her.
  const her = { authorization: `Bearer ${(await continueAs(app, dana.headers)).token}` };
  const his = { authorization: `Bearer ${(await continueAs(app, finn.headers)).token}` };
  const herPost = await ok(
    callCommunity(app, her, "POST", "/fusionpublish", { title: "Dana's post", content: "Hello" }),
    201,
  );
  const hisPost = await ok(
    callCommunity(app, his, "POST", "/fusionpublish", { title: "Finn's post", content: "Hi" }),
    201,
  );
  for (const [who, post, content] of [
    [his, herPost, "A reply to Dana"],
    [her, hisPost, "A reply to Finn"],
  ] as const) {
    await ok(callCommunity(app, who, "POST", `/post/${post.data.id}/replies`, { content }), 201);
    await ok(callCommunity(app, who, "PUT", `/post/${post.data.id}/like`));
  }
  const group = (tag: string, name: string, u_id: string) => ({
    name,
    description: "We meet weekly",
    tag,
    u_id,
  });
  const event = (title: string, u_id: string) => ({
    u_id,
    title,
    description: "Bring a board",
    date: "2099-05-17T16:00:00.000+02:00",
    location: "Library",
  });
  const herGroup = await ok(
    callCommunity(app, her, "POST", "/create", group(GROUP_TAGS[0], "Dana's circle", dana.me._id)),
    201,
  );
  const hisGroup = await ok(
    callCommunity(app, his, "POST", "/create", group(GROUP_TAGS[1], "Finn's circle", finn.me._id)),
    201,
  );
  const herEvent = await ok(
    callCommunity(app, her, "POST", "/createevent", event("Dana's evening", dana.me._id)),
    201,
  );
  const hisEvent = await ok(
    callCommunity(app, his, "POST", "/createevent", event("Finn's evening", finn.me._id)),
    201,
  );
  for (const [who, group, event] of [
    [his, herGroup, herEvent],
    [her, hisGroup, hisEvent],
  ] as const) {
    await ok(callCommunity(app, who, "POST", `/group/${group.data._id}/join`));
    await ok(callCommunity(app, who, "PUT", `/event/${event.data._id}/rsvp`, { status: "going" }));
  }
  // Her picks of today, and her place in others' (everyone here is on UTC): Pia can teach her
  // Guitar and wants her Poetry, so each is the other's best pick.
  await signUpUser(app, {
    firstName: "Pia",
    skills: ["Guitar", "Sailing", "Baking"],
    learning: ["Poetry"],
  });
  await makePicks(app, "UTC", localDay(app.now(), "UTC"));
  return { dana, finn };
}

/** Every table of the database's schema, from the catalog (not only the schema file's). */
async function everyTable(): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    app.db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Every row of every table, as text (all its columns), that holds a needle in any case. */
async function dumpHolding(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await everyTable()) {
    const rows = await selectRows<{ row: string }>(
      app.db,
      sql`select t::text as row from ${sql.identifier(table)} t`,
    );
    for (const { row } of rows) {
      const text = row.toLowerCase();
      if (needles.some((needle) => text.includes(needle.toLowerCase()))) {
        found.push(`${table}: ${row}`);
      }
    }
  }
  return found;
}

describe("deleting an account", () => {
  it("leaves nothing in any table that names the person, by id or email", async () => {
    const { dana, finn } = await danaWithDataEverywhere();
    const tables = await everyTable();
    expect(tables).toEqual(expect.arrayContaining(schemaTables));
    // The setup reached every table a part covers (so the dump below checks them all)...
    const before = await dumpHolding([dana.me._id, dana.me.emailId, danaCampusEmail]);
    const reached = new Set(before.map((place) => place.split(":")[0]));
    for (const part of PERSONAL_DATA_PARTS) {
      for (const table of part.tables) {
        // Rows that name nobody: an archive's (kept for the other person) and an edit's earlier
        // text (reached through its message, and deleted with it).
        if (["chat_archives", "chat_archive_messages", "chat_message_edits"].includes(table)) {
          continue;
        }
        expect(reached.has(table), `no row of ${table} names Dana before the deletion`).toBe(true);
      }
    }

    const deleted = await call(app, dana, "DELETE", "/api/account", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // ...and now no row of any table holds her id, her email or her university address, in any
    // column, in any case: what is kept (Finn's copy of the conversation, the report's snapshot)
    // names her by name only.
    expect(await dumpHolding([dana.me._id, dana.me.emailId, danaCampusEmail])).toEqual([]);
    const conversations = await ok(call(app, finn, "GET", "/api/chat/conversations"));
    expect(conversations.data).toEqual([
      expect.objectContaining({ lastMessage: expect.objectContaining({ text: "hello Dana" }) }),
    ]);
    const kept = await dumpHolding(["hello Dana", "Use your own name"]);
    expect(kept.some((row) => row.startsWith("chat_"))).toBe(true);
    expect(kept.some((row) => row.startsWith("moderation_"))).toBe(true);
  });
});
