/**
 * A moderation notice: a moderator's decision (or an appeal's outcome) told to its person in the
 * centre, on the badge, live and by push, with the sentence the moderation module wrote and no
 * one named. The moderation module mails it itself, so no digest names it. Made here the way that
 * module makes it: `app.notifications.tellModeration` inside its transaction.
 */
import { randomUUID } from "node:crypto";
import type { ChatServerEvent, Notification, UnreadCounts } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChatListener, unreadWith } from "../../../test/chat-listener.ts";
import {
  appsForFile,
  call,
  MANUAL_JOBS,
  mailsAfterSignUpTo,
  type Session,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import {
  type PushService,
  startPushService,
  subscribeDevice,
  waitFor,
} from "../../../test/push-service.ts";
import { selectRows } from "../../db/rows.ts";
import {
  dueDigestItems,
  type ModerationNoticeInput,
  notificationsPersonalData,
  withNotifications,
} from "./service.ts";

const open = appsForFile();
const DELAY_MS = 400;
const SUSPENDED =
  "A moderator suspended your account for 7 days: Repeated insults. You can appeal within 14 days.";
const UPHELD = "A moderator reviewed your appeal and kept the suspension: Repeated insults.";

let service: PushService;
let app: FastifyInstance;

beforeAll(async () => {
  service = await startPushService();
  app = await open({
    push: { allowPrivateEndpoints: true },
    // The tests run the jobs themselves (`drain`): they read what is queued in between.
    jobs: MANUAL_JOBS,
    digestDelayMs: DELAY_MS,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => service?.close());

/** As the moderation module tells a decision: in its transaction, announced after the commit. */
function tell(user: Session, text: string, actionId: string = randomUUID()) {
  const input: ModerationNoticeInput = { userId: user.me._id, actionId, text, url: "/" };
  return app.notifications.within((tx) => app.notifications.tellModeration(tx, input));
}

async function list(user: Session): Promise<Notification[]> {
  const response = await call(app, user, "GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function badges(user: Session): Promise<UnreadCounts> {
  const response = await call(app, user, "GET", "/api/notifications/unread");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** The kinds of the jobs waiting for a person or a device of theirs, sorted. */
async function jobsFor(user: Session, deviceId: string): Promise<string[]> {
  const rows = await selectRows<{ kind: string }>(
    app.db,
    sql`select kind from jobs where payload->>'userId' = ${user.me._id}
      or payload->>'subscriptionId' = ${deviceId}`,
  );
  return rows.map((row) => row.kind).toSorted();
}

/** Runs batches until none is due now (a `notify` queues `push` jobs due at once). */
async function drain() {
  for (let round = 0; round < 20; round += 1) {
    if ((await app.jobs.runDueJobs()) === 0) return;
  }
  throw new Error("jobs kept coming");
}

async function pushesTo(device: Awaited<ReturnType<typeof subscribeDevice>>) {
  return service.pushesTo(device.path).map((push) => device.keys.decrypt(push.body));
}

const noticeSaying = (text: string) => (event: ChatServerEvent) =>
  event.type === "notification" && event.notification.text === text;

describe("a moderation notice", () => {
  it("shows the stored sentence with no one named, counts on the badge, and arrives live", async () => {
    const bo = await signUpUser(app, { firstName: "Bo" });
    const socket = await openChatListener(app, bo);
    const actionId = randomUUID();
    const id = await tell(bo, SUSPENDED, actionId);
    expect(id).toEqual(expect.any(String));

    const expected = {
      _id: id,
      kind: "moderation",
      actors: [],
      actorCount: 0,
      subject: { type: "moderation_action", _id: actionId },
      text: SUSPENDED,
      url: "/",
      readAt: null,
    };
    const live = await socket.next(noticeSaying(SUSPENDED));
    expect(live.type === "notification" && live.notification).toMatchObject(expected);
    await socket.next(unreadWith({ notifications: 1 }));
    socket.close();

    const listed = await list(bo);
    expect(listed).toEqual([{ ...expected, createdAt: expect.any(String) }]);
    expect(await badges(bo)).toEqual({ notifications: 1, requests: 0, messages: 0 });
    const read = await call(app, bo, "POST", "/api/notifications/read", { ids: [id] });
    expect(read.json().data).toMatchObject({ notifications: 0 });
  });

  it("is pushed with its sentence and queues no digest", async () => {
    const cy = await signUpUser(app, { firstName: "Cy" });
    const device = await subscribeDevice(app, service, cy, "/moderation/cy");
    const id = await tell(cy, SUSPENDED);
    expect(await jobsFor(cy, device.id)).toEqual(["notify"]);
    // The notify job queues a push for the device, and no digest.
    await app.jobs.runDueJobs();
    expect(await jobsFor(cy, device.id)).toEqual(["push"]);
    await drain();
    expect(await pushesTo(device)).toEqual([
      { title: "Kindred", body: SUSPENDED, url: "/", tag: id },
    ]);
    expect(await jobsFor(cy, device.id)).toEqual([]);
  });

  it("is left out of the digest that names the person's other notifications", async () => {
    const [dee, eve] = [
      await signUpUser(app, { firstName: "Dee" }),
      await signUpUser(app, { firstName: "Eve" }),
    ];
    await sendRequest(app, eve, "interested", dee);
    const id = await tell(dee, SUSPENDED);
    // Even with its delay long past, a digest would not name it.
    expect((await dueDigestItems(app.db, dee.me._id, 0, 50)).map((item) => item.id)).not.toContain(
      id,
    );
    const mails = await waitFor(
      "the digest",
      async () => {
        await drain();
        const mine = await mailsAfterSignUpTo(app, dee.me.emailId);
        return mine.length > 0 && mine;
      },
      15_000,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Eve wants to connect");
    expect(mails[0]?.text).not.toContain("suspended");
    // Both still unread: the digest skipped the notice, it did not miss it for being read.
    expect(await badges(dee)).toMatchObject({ notifications: 2 });
  });

  it("makes a notification of each decision, even two about one action", async () => {
    const fay = await signUpUser(app, { firstName: "Fay" });
    const actionId = randomUUID();
    const first = await tell(fay, SUSPENDED, actionId);
    const second = await tell(fay, UPHELD, actionId);
    const warned = await tell(fay, "A moderator warned you: Spam links.");
    expect(new Set([first, second, warned]).size).toBe(3);
    const listed = await list(fay);
    expect(listed.map((n) => [n._id, n.text, n.actorCount])).toEqual([
      [warned, "A moderator warned you: Spam links.", 0],
      [second, UPHELD, 0],
      [first, SUSPENDED, 0],
    ]);
    expect(await badges(fay)).toMatchObject({ notifications: 3 });
  });

  it("is announced through the queue of withNotifications, or after the caller's own commit", async () => {
    const gil = await signUpUser(app, { firstName: "Gil" });
    const socket = await openChatListener(app, gil);
    const input = { userId: gil.me._id, actionId: randomUUID(), url: "/" };
    await withNotifications(app, (_tx, queue) =>
      queue.notifyModeration({ ...input, text: "First notice." }),
    );
    await socket.next(noticeSaying("First notice."));
    await socket.next(unreadWith({ notifications: 1 }));

    const id = await app.db.transaction((tx) =>
      app.notifications.tellModeration(tx, { ...input, text: "Second notice." }),
    );
    await app.notifications.announce(gil.me._id, id);
    await socket.next(noticeSaying("Second notice."));
    await socket.next(unreadWith({ notifications: 2 }));
    socket.close();
    // Made in a transaction that rolls back, it never was.
    await expect(
      app.notifications.within(async (tx) => {
        await app.notifications.tellModeration(tx, { ...input, text: "Rolled back." });
        throw new Error("the decision failed");
      }),
    ).rejects.toThrow("the decision failed");
    expect((await list(gil)).map((n) => n.text)).toEqual(["Second notice.", "First notice."]);
  });

  it("is nothing for an account that is gone", async () => {
    const input = { userId: randomUUID(), actionId: randomUUID(), text: SUSPENDED, url: "/" };
    expect(
      await app.notifications.within((tx) => app.notifications.tellModeration(tx, input)),
    ).toBeUndefined();
  });

  it("has no setting: the settings neither show nor take it", async () => {
    const hal = await signUpUser(app, { firstName: "Hal" });
    const settings = await call(app, hal, "GET", "/api/notifications/settings");
    expect(settings.statusCode).toBe(200);
    expect(Object.keys(settings.json().data)).not.toContain("moderation");
    const refused = await call(app, hal, "PUT", "/api/notifications/settings", {
      moderation: { push: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
  });

  it("is in the export of the person's notifications, and goes with them", async () => {
    const ivy = await signUpUser(app, { firstName: "Ivy" });
    const id = await tell(ivy, SUSPENDED);
    // The notifications' part of GET /api/account/export.
    const exported = await notificationsPersonalData.exportFor(app.db, {
      userId: ivy.me._id,
      currentSessionHash: "",
    });
    expect(exported.notifications).toEqual([
      expect.objectContaining({ _id: id, kind: "moderation", text: SUSPENDED, actors: [] }),
    ]);
    // The notifications' part of DELETE /api/account, in the deletion's transaction.
    await app.db.transaction((tx) => notificationsPersonalData.deleteFor(tx, ivy.me._id));
    const left = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from notifications where id = ${id}`,
    );
    expect(left[0]?.n).toBe(0);
  });
});
