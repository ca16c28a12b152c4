import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appsForFile,
  FAST_JOBS,
  mailsAfterSignUpTo,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import {
  insertNotification,
  markRead,
  pendingJobs,
  setChannels,
} from "../../../test/notification-rows.ts";
import { waitFor } from "../../../test/push-service.ts";

const openApp = appsForFile();
const DELAY_MS = 800;

let app: FastifyInstance;
let ana: Session;
let ben: Session;
let cat: Session;

beforeAll(async () => {
  app = await openApp({
    publicOrigin: "https://kindred.example",
    jobs: FAST_JOBS,
    digestDelayMs: DELAY_MS,
  });
  ana = await signUpUser(app, { firstName: "Ana" });
  ben = await signUpUser(app, { firstName: "Ben" });
  cat = await signUpUser(app, { firstName: "Cat" });
});

/** Until no digest waits any more: every one due has run. */
const digestsDone = () =>
  waitFor("the digests to run", async () => (await pendingJobs(app)) === 0, 15_000);

describe("the email digest", () => {
  it("sends one mail after the delay naming every unread notification, with their links", async () => {
    const dan = await signUpUser(app, { firstName: "Dan" });
    const started = Date.now();
    await insertNotification(app, {
      userId: dan.me._id,
      kind: "request_received",
      actorIds: [ana.me._id, ben.me._id, cat.me._id],
    });
    await insertNotification(app, {
      userId: dan.me._id,
      kind: "request_accepted",
      actorIds: [ben.me._id],
    });
    await insertNotification(app, {
      userId: dan.me._id,
      kind: "message",
      actorIds: [cat.me._id],
      url: `/chat/${cat.me._id}`,
    });
    const [mail] = await waitFor("the digest", async () => {
      const mails = await mailsAfterSignUpTo(app, dan.me.emailId);
      return mails.length > 0 && mails;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
    await digestsDone();
    expect(await mailsAfterSignUpTo(app, dan.me.emailId)).toHaveLength(1);
    expect(mail?.subject).toBe("3 new notifications on Kindred");
    expect(mail?.headers).toEqual({ "List-Unsubscribe": "<https://kindred.example/settings>" });
    for (const line of [
      "Cat and 2 others want to connect: https://kindred.example/requests",
      "Ben accepted your request: https://kindred.example/requests",
      `Cat sent you a message: https://kindred.example/chat/${cat.me._id}`,
      "https://kindred.example/settings",
    ]) {
      expect(mail?.text).toContain(line);
      expect(mail?.html).toContain(line);
    }
    for (const other of [ana, ben, cat]) {
      expect(mail?.text).not.toContain(other.me.emailId);
      expect(mail?.html).not.toContain(other.me.emailId);
    }
  });

  it("sends nothing when the notifications were read before the delay", async () => {
    const eve = await signUpUser(app, { firstName: "Eve" });
    const ids = [
      await insertNotification(app, {
        userId: eve.me._id,
        kind: "request_received",
        actorIds: [ana.me._id],
      }),
      await insertNotification(app, {
        userId: eve.me._id,
        kind: "request_accepted",
        actorIds: [ben.me._id],
      }),
    ];
    // The digest is scheduled first (once a notification is read, none would be): then read.
    await waitFor("the digest job", async () => (await pendingJobs(app, "digest")) > 0);
    await markRead(app, ids);
    await digestsDone();
    expect(await mailsAfterSignUpTo(app, eve.me.emailId)).toHaveLength(0);
  });

  it("leaves out a kind whose email setting is off", async () => {
    const fay = await signUpUser(app, { firstName: "Fay" });
    await setChannels(app, fay.me._id, "request_received", { push: true, email: false });
    await insertNotification(app, {
      userId: fay.me._id,
      kind: "request_received",
      actorIds: [ana.me._id],
    });
    await digestsDone();
    expect(await mailsAfterSignUpTo(app, fay.me.emailId)).toHaveLength(0);
    await insertNotification(app, {
      userId: fay.me._id,
      kind: "request_accepted",
      actorIds: [ben.me._id],
    });
    const [mail] = await waitFor("the digest", async () => {
      const mails = await mailsAfterSignUpTo(app, fay.me.emailId);
      return mails.length > 0 && mails;
    });
    expect(mail?.subject).toBe("1 new notification on Kindred");
    expect(mail?.text).toContain("Ben accepted your request");
    expect(mail?.text).not.toContain("Ana wants to connect");
  });

  it("names a notification once: a later one comes in a second mail", async () => {
    const gus = await signUpUser(app, { firstName: "Gus" });
    await insertNotification(app, {
      userId: gus.me._id,
      kind: "request_received",
      actorIds: [ana.me._id],
    });
    await waitFor(
      "the first digest",
      async () => (await mailsAfterSignUpTo(app, gus.me.emailId)).length === 1,
    );
    await insertNotification(app, {
      userId: gus.me._id,
      kind: "request_accepted",
      actorIds: [ben.me._id],
    });
    await waitFor(
      "the second digest",
      async () => (await mailsAfterSignUpTo(app, gus.me.emailId)).length === 2,
    );
    await digestsDone();
    const [first, second] = await mailsAfterSignUpTo(app, gus.me.emailId);
    expect(first?.text).toContain("Ana wants to connect");
    expect(second?.text).toContain("Ben accepted your request");
    expect(second?.text).not.toContain("Ana wants to connect");
  });
});
