import type { ChatMessage } from "@kindred/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ChatListener, openChatListener } from "../../../test/chat-listener.ts";
import {
  appForFile,
  blockUser,
  call,
  connectedPair,
  MANUAL_JOBS,
  PASSWORD,
  reviewRequest,
  type Session,
  sendMessage,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { selectRows } from "../../db/rows.ts";
import { conversationEvidence, findMessageForReport, KEPT_CONVERSATION_MS } from "./service.ts";

// A removal or a block closes a conversation for both people at once, but keeps it out of their
// reach for 30 days, so that a report made meanwhile still carries it; then it is deleted.

const DAY = 24 * 60 * 60_000;
// The app's clock, moved by the purge test. Jobs are due by the database's own clock, which runs
// ahead of this one, so the purge job is what decides by the app's clock whether the time is up.
let clock = Date.now() - 40 * DAY;
const app = await appForFile({ now: () => new Date(clock), jobs: MANUAL_JOBS });
await app.listen({ port: 0, host: "127.0.0.1" });

/** The shape a report's evidence gives a message. */
const asEvidence = (message: ChatMessage) => ({
  _id: message._id,
  fromUserId: message.fromUserId,
  text: message.text,
  createdAt: message.createdAt,
  edits: [],
  photos: message.photos.map((photo) => photo._id),
});

/** Messages back and forth: the first person writes the even ones. */
async function exchange(a: Session, b: Session, count: number): Promise<ChatMessage[]> {
  const sent: ChatMessage[] = [];
  for (let i = 0; i < count; i += 1) {
    sent.push(await sendMessage(app, i % 2 ? b : a, i % 2 ? a : b, `message ${i + 1}`));
  }
  return sent;
}

async function conversationPartners(user: Session): Promise<string[]> {
  const response = await call(app, user, "GET", "/api/chat/conversations");
  expect(response.statusCode).toBe(200);
  return (response.json().data as { user: { _id: string } }[]).map((c) => c.user._id);
}

/** Everything a person could reach of the conversation: the list, the history, a new message. */
async function expectOutOfReach(user: Session, other: Session) {
  expect(await conversationPartners(user)).not.toContain(other.me._id);
  const history = await call(app, user, "GET", `/api/chat/${other.me._id}/messages`);
  expect(history.statusCode).toBe(403);
  expect(history.json().code).toBe("NOT_CONNECTED");
  const send = await call(app, user, "POST", `/api/chat/${other.me._id}/messages`, { text: "hi" });
  expect(send.statusCode).toBe(403);
}

async function keptRows(userId: string) {
  return selectRows<{ id: string; messages: number }>(
    app.db,
    sql`select k.id, (select count(*) from chat_kept_messages m where m.kept_id = k.id)::int as messages
      from chat_kept_conversations k where k.user_a = ${userId} or k.user_b = ${userId}`,
  );
}

const closedFor = (listener: ChatListener, otherId: string) =>
  listener.next((event) => event.type === "closed" && event.userId === otherId);

describe.each([
  [
    "removing the connection",
    (a: Session, b: Session) => call(app, a, "DELETE", `/api/user/connections/${b.me._id}`),
    200,
  ],
  [
    "blocking",
    (a: Session, b: Session) => call(app, a, "POST", `/api/user/block/${b.me._id}`),
    201,
  ],
] as const)("%s", (_, close, status) => {
  it("hides the conversation from both at once, and keeps it for a report's evidence", async () => {
    const [a, b] = await connectedPair(app);
    const sent = await exchange(a, b, 3);
    const [socketA, socketB] = [await openChatListener(app, a), await openChatListener(app, b)];
    try {
      expect((await close(a, b)).statusCode).toBe(status);
      await closedFor(socketA, b.me._id);
      await closedFor(socketB, a.me._id);
    } finally {
      socketA.close();
      socketB.close();
    }
    await expectOutOfReach(a, b);
    await expectOutOfReach(b, a);

    // Either of the two can still report it, with the whole conversation.
    for (const [reporter, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(
        await conversationEvidence(app.db, { reporterId: reporter.me._id, otherId: other.me._id }),
      ).toEqual(sent.map(asEvidence));
      expect(await findMessageForReport(app.db, reporter.me._id, sent[1]?._id ?? "")).toEqual({
        messageId: sent[1]?._id,
        fromUserId: b.me._id,
        toUserId: a.me._id,
        otherId: other.me._id,
      });
    }
    // Nobody else.
    const stranger = await signUpUser(app);
    expect(await findMessageForReport(app.db, stranger.me._id, sent[1]?._id ?? "")).toBeUndefined();
    expect(
      await conversationEvidence(app.db, { reporterId: stranger.me._id, otherId: a.me._id }),
    ).toEqual([]);
    expect(await keptRows(a.me._id)).toEqual([expect.objectContaining({ messages: 3 })]);
  });
});

describe("conversationEvidence", () => {
  it("takes the reported message with the 10 before and 10 after it, or the last 21, held ones too", async () => {
    const [a, b] = await connectedPair(app);
    const sent = await exchange(a, b, 30);
    const ids = sent.map((message) => message._id);
    // A message the filter held (only its author saw it) is evidence all the same.
    await app.db.execute(sql`update chat_messages set visibility = 'held' where id = ${ids[14]}`);
    const evidence = (messageId?: string) =>
      conversationEvidence(app.db, { reporterId: b.me._id, otherId: a.me._id, messageId });
    const check = async () => {
      expect((await evidence(ids[14])).map((m) => m._id)).toEqual(ids.slice(4, 25));
      expect((await evidence(ids[1])).map((m) => m._id)).toEqual(ids.slice(0, 12));
      expect((await evidence(ids[28])).map((m) => m._id)).toEqual(ids.slice(18, 30));
      expect((await evidence()).map((m) => m._id)).toEqual(ids.slice(9, 30));
      expect(await evidence(ids[14])).toContainEqual(asEvidence(sent[14] as ChatMessage));
    };
    await check(); // live
    await call(app, b, "DELETE", `/api/user/connections/${a.me._id}`);
    await check(); // kept
    // A message of someone else's conversation, and an id that is none, give nothing.
    const [c, d] = await connectedPair(app);
    const [other] = await exchange(c, d, 1);
    expect(await evidence(other?._id)).toEqual([]);
    expect(await evidence("not-a-message")).toEqual([]);
    expect(await findMessageForReport(app.db, b.me._id, "not-a-message")).toBeUndefined();
  });

  it("reads the live conversation while the two are connected again, and finds a kept message still", async () => {
    const [a, b] = await connectedPair(app);
    const [before] = await exchange(a, b, 1);
    await blockUser(app, a, b.me._id);
    await blockUser(app, a, b.me._id, "DELETE");
    await reviewRequest(app, a, "accepted", await sendRequest(app, b, "interested", a));
    const [after] = await exchange(a, b, 1);
    const evidence = (messageId?: string) =>
      conversationEvidence(app.db, { reporterId: a.me._id, otherId: b.me._id, messageId });
    expect(await evidence()).toEqual([asEvidence(after as ChatMessage)]);
    expect(await evidence(before?._id)).toEqual([asEvidence(before as ChatMessage)]);
    expect(await evidence(after?._id)).toEqual([asEvidence(after as ChatMessage)]);
  });

  it("is empty for two who never wrote, and a removal without messages keeps nothing", async () => {
    const [a, b] = await connectedPair(app);
    expect(await conversationEvidence(app.db, { reporterId: a.me._id, otherId: b.me._id })).toEqual(
      [],
    );
    await call(app, a, "DELETE", `/api/user/connections/${b.me._id}`);
    expect(await keptRows(a.me._id)).toEqual([]);
  });
});

describe("a kept conversation and the people's data", () => {
  it("is in the export as the person's own messages only", async () => {
    const [a, b] = await connectedPair(app, ["Ana", "Bo"]);
    const sent = await exchange(a, b, 2);
    await blockUser(app, b, a.me._id);
    const exported = (await call(app, a, "GET", "/api/account/export")).json();
    expect(exported.keptMessages).toEqual([
      {
        _id: sent[0]?._id,
        to: { _id: b.me._id, firstName: "Bo", lastName: b.me.lastName },
        text: "message 1",
        createdAt: sent[0]?.createdAt,
        deleteAfter: new Date(clock + KEPT_CONVERSATION_MS).toISOString(),
      },
    ]);
    expect(exported.messages.map((m: { _id: string }) => m._id)).not.toContain(sent[1]?._id);
  });

  it("goes when either account is deleted", async () => {
    const [a, b] = await connectedPair(app);
    await exchange(a, b, 2);
    await blockUser(app, a, b.me._id);
    expect(await keptRows(a.me._id)).toHaveLength(1);
    const deleted = await call(app, b, "DELETE", "/api/account", { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keptRows(a.me._id)).toEqual([]);
    expect(await conversationEvidence(app.db, { reporterId: a.me._id, otherId: b.me._id })).toEqual(
      [],
    );
  });
});

describe("after 30 days", () => {
  it("the purge job deletes the kept conversation, not before", async () => {
    const [a, b] = await connectedPair(app);
    const sent = await exchange(a, b, 2);
    await blockUser(app, b, a.me._id);
    const evidence = () =>
      conversationEvidence(app.db, { reporterId: a.me._id, otherId: b.me._id });
    // This conversation's purge job (other tests of the file keep conversations of their own,
    // whose jobs may still wait when this one has run).
    const key = `chat_kept_purge:${(await keptRows(a.me._id))[0]?.id}`;
    const purgeJobs = () =>
      selectRows<{ key: string }>(
        app.db,
        sql`select key from jobs where kind = 'chat_kept_purge' and key = ${key}`,
      );
    expect(await purgeJobs()).toEqual([{ key }]);

    // Ten days later a report still carries it; the job, run early, leaves it.
    clock += 10 * DAY;
    await app.jobs.runDueJobs();
    expect(await evidence()).toEqual(sent.map(asEvidence));
    expect(await findMessageForReport(app.db, a.me._id, sent[1]?._id ?? "")).toBeDefined();

    // Past its 30 days it no longer counts for a caller that says the time, even before the purge.
    clock += 20 * DAY + 60_000;
    const now = new Date(clock);
    expect(
      await conversationEvidence(app.db, { reporterId: a.me._id, otherId: b.me._id, now }),
    ).toEqual([]);
    expect(await findMessageForReport(app.db, a.me._id, sent[1]?._id ?? "", now)).toBeUndefined();

    await app.jobs.runDueJobs();
    expect(await keptRows(a.me._id)).toEqual([]);
    const messagesLeft = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from chat_kept_messages
        where id in (${sql.join(
          sent.map((m) => sql`${m._id}`),
          sql`, `,
        )})`,
    );
    expect(messagesLeft).toEqual([{ n: 0 }]);
    expect(await purgeJobs()).toEqual([]);
    expect(await evidence()).toEqual([]);
  });
});
