import type { Notification } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { findNotifications } from "../src/modules/notifications/repository.ts";
import { dueDigestItems, notificationForDelivery } from "../src/modules/notifications/service.ts";
import {
  appsForFile,
  call,
  MANUAL_JOBS,
  mailsTo,
  reviewRequest,
  type Session,
  sendMessage,
  sendRequest,
  signUpUser,
} from "./helpers.ts";
import { waitFor } from "./push-service.ts";

// One notification, three tellings: the centre's list, the push and the digest mail. They read
// the same rows and must say the same thing, count for count.

const openApp = appsForFile();
const ORIGIN = "https://kindred.example";
const DELAY_MS = 1500;

let app: FastifyInstance;
let bo: Session;

async function centre(user: Session): Promise<Notification[]> {
  const response = await call(app, user, "GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().nextCursor).toBeNull();
  return response.json().data;
}

/**
 * The person's read marker moves to the message and the notification stays unread: the two are
 * separate writes (a read that failed half-way), and the count must not fall to "0 messages".
 */
async function readUpTo(user: Session, messageId: string): Promise<void> {
  await app.db.execute(sql`
    insert into chat_reads (conversation_id, user_id, last_read_seq)
    select conversation_id, ${user.me._id}, seq from chat_messages where id = ${messageId}
    on conflict (conversation_id, user_id) do update set last_read_seq = excluded.last_read_seq
  `);
}

/** The digest mails' lines naming a notification: `<sentence>: <link>`. */
async function digestLines(email: string): Promise<string[]> {
  const lines: string[] = [];
  for (const mail of await mailsTo(app, email)) {
    for (const line of mail.text.split("\n")) {
      if (/: https:\/\/kindred\.example\/(requests|chat\/)/.test(line)) lines.push(line.trim());
    }
  }
  return lines;
}

beforeAll(async () => {
  app = await openApp({
    publicOrigin: ORIGIN,
    // Jobs run only when the test runs them: the digest must not go out half-way through the
    // setup (say between Dee's two messages), however slow the machine.
    jobs: MANUAL_JOBS,
    digestDelayMs: DELAY_MS,
  });
  bo = await signUpUser(app, { firstName: "Bo" });
  const [ana, cy, dee, eve] = [
    await signUpUser(app, { firstName: "Ana" }),
    await signUpUser(app, { firstName: "Cy" }),
    await signUpUser(app, { firstName: "Dee" }),
    await signUpUser(app, { firstName: "Eve" }),
  ];
  // request_received, grouped: Ana and Cy want to connect with Bo.
  await sendRequest(app, ana, "interested", bo);
  await sendRequest(app, cy, "interested", bo);
  // request_accepted: Dee and Eve accept Bo's requests; both then write to Bo, who has no socket.
  for (const other of [dee, eve]) {
    await reviewRequest(app, other, "accepted", await sendRequest(app, bo, "interested", other));
  }
  // message, unread: two from Dee.
  await sendMessage(app, dee, bo, "hello");
  await sendMessage(app, dee, bo, "still there?");
  // message, read: Bo's marker covers both of Eve's; the notification itself is still unread.
  await sendMessage(app, eve, bo, "hi");
  await readUpTo(bo, (await sendMessage(app, eve, bo, "ping"))._id);
});

describe("a notification's sentence", () => {
  it("is the same in the centre, the push and the digest mail, for every kind", async () => {
    const listed = await centre(bo);
    expect(listed.map((n) => n.text).sort()).toEqual([
      "Cy and Ana want to connect",
      "Dee sent you 2 messages",
      "Eve and Dee accepted your requests",
      "Eve sent you a message",
    ]);
    // The digest is due DELAY_MS after the last notification changed.
    await waitFor(
      "the digest naming all of them",
      async () => {
        await app.jobs.runDueJobs();
        return (await digestLines(bo.me.emailId)).length === listed.length;
      },
      15_000,
    );
    const mailed = await digestLines(bo.me.emailId);
    for (const notification of listed) {
      expect((await notificationForDelivery(app.db, notification._id))?.text).toBe(
        notification.text,
      );
      expect(mailed).toContain(`${notification.text}: ${ORIGIN}${notification.url}`);
    }
  });

  it("is made from the same counts in the centre, the push and the digest", async () => {
    const rows = await findNotifications(app.db, bo.me._id, { before: null, limit: 50 });
    // The mail above named them all: what the digest would read if it had not yet.
    await app.db.execute(
      sql`update notifications set emailed_at = null where user_id = ${bo.me._id}`,
    );
    const digest = await dueDigestItems(app.db, bo.me._id, 0, 50);
    const countsOf = (row: { actorCount: number; messageCount: number } | undefined) => ({
      actorCount: row?.actorCount,
      messageCount: row?.messageCount,
    });
    const told = await Promise.all(
      rows.map(async (row) => ({
        kind: row.kind,
        centre: countsOf(row),
        push: countsOf(await notificationForDelivery(app.db, row.id)),
        digest: countsOf(digest.find((item) => item.id === row.id)),
      })),
    );
    // A message notification stands for its unread messages, at least the one that made it; the
    // other kinds stand for none.
    const same = (actorCount: number, messageCount: number) => {
      const counts = { actorCount, messageCount };
      return { centre: counts, push: counts, digest: counts };
    };
    expect(told.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "message", ...same(1, 1) },
      { kind: "message", ...same(1, 2) },
      { kind: "request_accepted", ...same(2, 0) },
      { kind: "request_received", ...same(2, 0) },
    ]);
  });
});
