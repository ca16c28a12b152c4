/**
 * The whole notification loop through the real API: a request, its acceptance and a message reach
 * the other person live on the socket, by Web Push (decrypted as a browser would) and by one email
 * digest; each as their settings say; nothing about or from a blocked person, even when its jobs
 * were already queued; nothing twice with two server processes; and the devices follow the person
 * who signed in on them last.
 *
 * The job worker polls once an hour here: each test runs the due jobs itself (`drain`), so it
 * decides what is still queued when a person blocks, unsubscribes or signs in elsewhere.
 */
import type {
  ChatServerEvent,
  NotificationSettingsPatch,
  PushPayload,
  UnreadCounts,
} from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import type { Config } from "../src/config.ts";
import { selectRows } from "../src/db/rows.ts";
import { type ChatListener, openChatListener, unreadWith } from "./chat-listener.ts";
import {
  type AuthHeaders,
  appsForFile,
  blockUser,
  call,
  logIn,
  MANUAL_JOBS,
  notificationsOf,
  readOutbox,
  reviewRequest,
  type Session,
  sendRequest,
  signUpUser,
} from "./helpers.ts";
import { pendingJobs } from "./notification-rows.ts";
import { startPushService, subscribeDevice, verifyVapid, waitFor } from "./push-service.ts";

const openApp = appsForFile();
const DELAY_MS = 600;
const redisUrl = process.env.TEST_REDIS_URL;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let service: Awaited<ReturnType<typeof startPushService>>;
let app: FastifyInstance;
let publicKey: string;
let devices = 0;

beforeAll(async () => {
  service = await startPushService();
  app = await openApp({
    push: { allowPrivateEndpoints: true },
    // The background worker looks only at start and then once an hour: the tests run the jobs.
    jobs: MANUAL_JOBS,
    digestDelayMs: DELAY_MS,
    redisUrl,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  publicKey = (await app.inject({ method: "GET", url: "/api/push/key" })).json().data.publicKey;
});
afterAll(async () => service?.close());

// ---------- people, devices and calls ----------

type Device = Awaited<ReturnType<typeof subscribeDevice>>;

/** A browser subscribing during `user`'s session (POST /api/push/subscriptions). */
async function subscribe(user: { headers: AuthHeaders }, target = app): Promise<Device> {
  devices += 1;
  return subscribeDevice(target, service, user, `/loop/device-${devices}`);
}

/** Logs in with the password, and with the device's playerId when given. */
async function login(user: Session, playerId?: string, target = app): Promise<Session> {
  return { me: user.me, headers: await logIn(target, user.me.emailId, { playerId }) };
}

async function logout(user: Session, target = app) {
  const response = await call(target, user, "POST", "/api/logout");
  expect(response.statusCode).toBe(200);
}

/** The answer to a chat message, whatever it is. */
function postMessage(from: Session, to: Session, text: string) {
  return call(app, from, "POST", `/api/chat/${to.me._id}/messages`, { text });
}

async function badges(user: Session): Promise<UnreadCounts> {
  const response = await call(app, user, "GET", "/api/notifications/unread");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function putSettings(user: Session, patch: NotificationSettingsPatch) {
  const response = await call(app, user, "PUT", "/api/notifications/settings", patch);
  expect(response.statusCode, response.body).toBe(200);
}

// ---------- the jobs, the pushes and the mail ----------

/** Runs batches until none is due now (a `notify` queues `push` jobs due at once). */
async function drain(target = app) {
  for (let round = 0; round < 20; round += 1) {
    if ((await target.jobs.runDueJobs()) === 0) return;
  }
  throw new Error("jobs kept coming");
}

/** One batch only: the `notify` jobs run, the `push` jobs they queue wait. */
function runOneRound(target = app) {
  return target.jobs.runDueJobs();
}

/** The kinds of the jobs waiting for a person (and for a device of theirs), sorted. */
async function jobsFor(user: Session, device?: Device): Promise<string[]> {
  const rows = await selectRows<{ kind: string }>(
    app.db,
    sql`select kind from jobs where payload->>'userId' = ${user.me._id}
      or payload->>'subscriptionId' = ${device?.id ?? null}`,
  );
  return rows.map((row) => row.kind).toSorted();
}

/** Until every job has run, the digests waiting for their delay included. */
function settle(target = app) {
  return waitFor(
    "every job to run",
    async () => {
      await drain(target);
      return (await pendingJobs(target)) === 0;
    },
    15_000,
  );
}

/** The pushes a device received, decrypted with its keys (and each signed with our VAPID key). */
async function pushesTo(device: Device, key = publicKey): Promise<PushPayload[]> {
  const received = service.pushesTo(device.path);
  for (const push of received) {
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect((await verifyVapid(push.headers.authorization, key)).k).toBe(key);
  }
  return received.map((push) => device.keys.decrypt(push.body));
}

async function mailTo(user: Session, targets = [app]) {
  const all = (await Promise.all(targets.map(readOutbox))).flat();
  // Sign-up's verification code and the new sign-in notices are not what these tests count.
  return all.filter(
    (mail) => mail.to === user.me.emailId && !/verification code|A new sign-in/.test(mail.subject),
  );
}

/** Waits for the delay to pass and the digest to run: the person's mail. */
function digestFor(user: Session, count: number, target = app) {
  return waitFor(
    `digest number ${count}`,
    async () => {
      await drain(target);
      const mails = await mailTo(user, [target]);
      return mails.length >= count && mails;
    },
    15_000,
  );
}

// ---------- the chat socket (as notifications.test.ts uses it) ----------

const openSocket = (user: Session, target = app) => openChatListener(target, user);

const notificationSaying = (text: string) => (event: ChatServerEvent) =>
  event.type === "notification" && event.notification.text === text;

/** Closes the socket and waits until the server knows the person has none open. */
async function closeSocket(listener: ChatListener, user: Session, target = app) {
  listener.close();
  await waitFor(
    "the socket to close",
    async () => !(await target.chatHub.online([user.me._id])).has(user.me._id),
  );
}

// ---------- tests ----------

describe("a request, its acceptance and a message", () => {
  it("reach the other person live, by one push per device and in one digest each", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    let ben = await signUpUser(app, { firstName: "Ben" });
    // Ana's browser subscribes during her session; Ben's subscribed earlier and names it at login.
    const anaDevice = await subscribe(ana);
    const benDevice = await subscribe(ben);
    await logout(ben);
    ben = await login(ben, benDevice.id);
    const anaSocket = await openSocket(ana);
    const benSocket = await openSocket(ben);

    // Ana wants to connect.
    const requestSent = Date.now();
    await sendRequest(app, ana, "interested", ben);
    const live = await benSocket.next(notificationSaying("Ana wants to connect"));
    expect(live.type === "notification" && live.notification.url).toBe("/requests");
    await benSocket.next(unreadWith({ requests: 1, notifications: 1 }));
    await drain();
    const [requestPush] = await pushesTo(benDevice);
    expect(requestPush).toEqual({
      title: "Kindred",
      body: "Ana wants to connect",
      url: "/requests",
      tag: live.type === "notification" ? live.notification._id : "",
    });
    const [requestMail] = await digestFor(ben, 1);
    expect(Date.now() - requestSent).toBeGreaterThanOrEqual(DELAY_MS);
    expect(requestMail?.subject).toBe("1 new notification on Kindred");
    expect(requestMail?.text).toContain("Ana wants to connect: http://localhost:7777/requests");
    expect(requestMail?.headers?.["List-Unsubscribe"]).toBe("<http://localhost:7777/settings>");

    // Ben accepts.
    const [received] = (
      await app.inject({ method: "GET", url: "/api/user/requests/received", headers: ben.headers })
    ).json().data as { _id: string }[];
    await reviewRequest(app, ben, "accepted", received?._id ?? "");
    const accepted = await anaSocket.next(notificationSaying("Ben accepted your request"));
    expect(accepted.type === "notification" && accepted.notification.url).toBe(
      `/chat/${ben.me._id}`,
    );
    await anaSocket.next(unreadWith({ notifications: 1 }));
    await drain();
    expect(await pushesTo(anaDevice)).toEqual([
      {
        title: "Kindred",
        body: "Ben accepted your request",
        url: `/chat/${ben.me._id}`,
        tag: accepted.type === "notification" ? accepted.notification._id : "",
      },
    ]);
    const [acceptedMail] = await digestFor(ana, 1);
    expect(acceptedMail?.text).toContain(
      `Ben accepted your request: http://localhost:7777/chat/${ben.me._id}`,
    );

    // While Ben's socket is open, a message reaches him there only.
    expect((await postMessage(ana, ben, "Are you here?")).statusCode).toBe(201);
    await benSocket.next((event) => event.type === "message");
    await drain();
    expect(await pushesTo(benDevice)).toHaveLength(1);

    // Ben has no socket open: Ana's message reaches him by push and mail.
    await closeSocket(benSocket, ben);
    const sent = await postMessage(ana, ben, "Hello Ben");
    expect(sent.statusCode, sent.body).toBe(201);
    await drain();
    const benPushes = await pushesTo(benDevice);
    expect(benPushes).toHaveLength(2);
    expect(benPushes[1]).toMatchObject({
      title: "Kindred",
      body: "Ana sent you a message",
      url: `/chat/${ana.me._id}`,
    });
    const benMails = await digestFor(ben, 2);
    expect(benMails[1]?.text).toContain(
      `Ana sent you a message: http://localhost:7777/chat/${ana.me._id}`,
    );
    expect(benMails[1]?.text).not.toContain("wants to connect");

    // Once everything has run: each push arrived once, each digest once.
    await settle();
    expect(await pushesTo(benDevice)).toHaveLength(2);
    expect(await pushesTo(anaDevice)).toHaveLength(1);
    expect(await mailTo(ben)).toHaveLength(2);
    expect(await mailTo(ana)).toHaveLength(1);
    anaSocket.close();
  });
});

describe("the settings", () => {
  it("push off for a kind stops its pushes, not the centre; email off leaves it out of the digest", async () => {
    const cat = await signUpUser(app, { firstName: "Cat" });
    const dan = await signUpUser(app, { firstName: "Dan" });
    const eve = await signUpUser(app, { firstName: "Eve" });
    const device = await subscribe(cat);
    await putSettings(cat, {
      request_received: { push: false },
      request_accepted: { email: false },
    });

    await sendRequest(app, dan, "interested", cat);
    const toEve = await sendRequest(app, cat, "interested", eve);
    await reviewRequest(app, eve, "accepted", toEve);
    await drain();

    expect((await notificationsOf(app, cat)).map((n) => n.text).toSorted()).toEqual([
      "Dan wants to connect",
      "Eve accepted your request",
    ]);
    expect((await pushesTo(device)).map((push) => push.body)).toEqual([
      "Eve accepted your request",
    ]);
    const [mail] = await digestFor(cat, 1);
    expect(mail?.text).toContain("Dan wants to connect");
    expect(mail?.text).not.toContain("Eve accepted your request");
    await settle();
    expect(await mailTo(cat)).toHaveLength(1);
    expect(await pushesTo(device)).toHaveLength(1);
  });
});

describe("the settings, changed while the delivery waits", () => {
  it("stop a push and a digest already queued", async () => {
    const wren = await signUpUser(app, { firstName: "Wren" });
    const yul = await signUpUser(app, { firstName: "Yul" });
    const device = await subscribe(wren);
    await sendRequest(app, yul, "interested", wren);
    await runOneRound();
    expect(await jobsFor(wren, device)).toEqual(["digest", "push"]);
    await putSettings(wren, { request_received: { push: false, email: false } });
    await settle();
    expect(await pushesTo(device)).toEqual([]);
    expect(await mailTo(wren)).toEqual([]);
    expect((await notificationsOf(app, wren)).map((n) => n.text)).toEqual(["Yul wants to connect"]);
  });
});

describe("a block", () => {
  it("stops what was queued about the blocked person, and what they try after", async () => {
    const hal = await signUpUser(app, { firstName: "Hal" });
    const ivy = await signUpUser(app, { firstName: "Ivy" });
    const device = await subscribe(ivy);
    const socket = await openSocket(ivy);

    // The request's notify job is queued, not yet run, when Ivy blocks Hal.
    await sendRequest(app, hal, "interested", ivy);
    await socket.next(notificationSaying("Hal wants to connect"));
    expect(await jobsFor(ivy)).toEqual(["notify"]);
    const beforeBlock = socket.events.length;
    await blockUser(app, ivy, hal.me._id);
    await socket.next(unreadWith({ notifications: 0, requests: 0 }), beforeBlock);
    const afterBlock = socket.events.length;

    // Whatever Hal tries now tells Ivy nothing.
    const again = await app.inject({
      method: "POST",
      url: `/api/request/send/interested/${ivy.me._id}`,
      headers: hal.headers,
      payload: {},
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect((await postMessage(hal, ivy, "hello?")).statusCode).toBe(403);

    await settle();
    expect(await pushesTo(device)).toEqual([]);
    expect(await mailTo(ivy)).toEqual([]);
    expect(await notificationsOf(app, ivy)).toEqual([]);
    expect(await badges(ivy)).toMatchObject({ notifications: 0, requests: 0 });
    expect(socket.events.slice(afterBlock).filter((e) => e.type === "notification")).toEqual([]);
    socket.close();
  });

  it("sends nothing for pushes and a digest queued before it", async () => {
    const jo = await signUpUser(app, { firstName: "Jo" });
    const kim = await signUpUser(app, { firstName: "Kim" });
    const device = await subscribe(kim);
    const requestId = await sendRequest(app, jo, "interested", kim);
    await reviewRequest(app, kim, "accepted", requestId);
    await settle();
    expect((await pushesTo(device)).map((push) => push.body)).toEqual(["Jo wants to connect"]);
    expect(await mailTo(kim)).toHaveLength(1);

    // Jo's message: its notify job runs, queuing the push and the digest; then Kim blocks Jo.
    expect((await postMessage(jo, kim, "are you there?")).statusCode).toBe(201);
    await runOneRound();
    expect(await jobsFor(kim, device)).toEqual(["digest", "push"]);
    await blockUser(app, kim, jo.me._id);

    await settle();
    expect(await pushesTo(device)).toHaveLength(1);
    expect(await mailTo(kim)).toHaveLength(1);
    expect(await notificationsOf(app, kim)).toEqual([]);
  });

  it("by the person who acted also stops the other's queued push", async () => {
    const lou = await signUpUser(app, { firstName: "Lou" });
    const mia = await signUpUser(app, { firstName: "Mia" });
    const device = await subscribe(mia);
    await sendRequest(app, lou, "interested", mia);
    await runOneRound();
    expect(await jobsFor(mia, device)).toEqual(["digest", "push"]);
    await blockUser(app, lou, mia.me._id);
    await settle();
    expect(await pushesTo(device)).toEqual([]);
    expect(await mailTo(mia)).toEqual([]);
    expect(await notificationsOf(app, mia)).toEqual([]);
  });
});

describe("devices", () => {
  it("an unsubscribed device gets no more pushes, queued ones included", async () => {
    const lea = await signUpUser(app, { firstName: "Lea" });
    const [max, ned, oli] = [
      await signUpUser(app, { firstName: "Max" }),
      await signUpUser(app, { firstName: "Ned" }),
      await signUpUser(app, { firstName: "Oli" }),
    ];
    const device = await subscribe(lea);
    await sendRequest(app, max, "interested", lea);
    await drain();
    expect(await pushesTo(device)).toHaveLength(1);

    await sendRequest(app, ned, "interested", lea);
    await runOneRound();
    expect(await jobsFor(lea, device)).toContain("push");
    const remove = await app.inject({
      method: "DELETE",
      url: `/api/push/subscriptions/${device.id}`,
      headers: lea.headers,
    });
    expect(remove.statusCode).toBe(200);
    await sendRequest(app, oli, "interested", lea);
    await drain();
    expect((await pushesTo(device)).map((push) => push.body)).toEqual(["Max wants to connect"]);
    expect((await notificationsOf(app, lea))[0]?.text).toBe("Oli and 2 others want to connect");
  });

  it("belongs to whoever signed in on it last: the first person's pushes no longer go there", async () => {
    const pia = await signUpUser(app, { firstName: "Pia" });
    const quin = await signUpUser(app, { firstName: "Quin" });
    const [rex, sam] = [
      await signUpUser(app, { firstName: "Rex" }),
      await signUpUser(app, { firstName: "Sam" }),
    ];
    const device = await subscribe(pia);

    // Sam's request to Pia is queued for the device when Quin signs in on it.
    await sendRequest(app, sam, "interested", pia);
    await runOneRound();
    expect(await jobsFor(pia, device)).toEqual(["digest", "push"]);
    await login(quin, device.id);
    await sendRequest(app, rex, "interested", pia);
    await sendRequest(app, rex, "interested", quin);
    await drain();
    expect((await pushesTo(device)).map((push) => push.body)).toEqual(["Rex wants to connect"]);
    expect((await notificationsOf(app, pia))[0]?.text).toBe("Rex and Sam want to connect");

    // Pia logging out of her older session leaves Quin's device alone.
    await logout(pia);
    await sendRequest(app, sam, "interested", quin);
    await drain();
    expect((await pushesTo(device)).map((push) => push.body)).toEqual([
      "Rex wants to connect",
      "Sam and Rex want to connect",
    ]);
  });

  it("a 404 from the push service deletes the subscription, like 410", async () => {
    const tia = await signUpUser(app, { firstName: "Tia" });
    const [uma, vic] = [
      await signUpUser(app, { firstName: "Uma" }),
      await signUpUser(app, { firstName: "Vic" }),
    ];
    const device = await subscribe(tia);
    service.respond(device.path, [{ status: 404 }]);
    await sendRequest(app, uma, "interested", tia);
    await drain();
    expect(service.pushesTo(device.path)).toHaveLength(1);
    const remove = await app.inject({
      method: "DELETE",
      url: `/api/push/subscriptions/${device.id}`,
      headers: tia.headers,
    });
    expect(remove.statusCode).toBe(404);
    await sendRequest(app, vic, "interested", tia);
    await drain();
    expect(service.pushesTo(device.path)).toHaveLength(1);
  });
});

describe.skipIf(!postgres)("two server processes sharing PostgreSQL", () => {
  it("a request on one process makes one push per device and one digest mail", async () => {
    const vapid = webpush.generateVAPIDKeys();
    const shared: Partial<Config> = {
      push: {
        allowPrivateEndpoints: true,
        vapidPublicKey: vapid.publicKey,
        vapidPrivateKey: vapid.privateKey,
      },
      // Both workers also poll on their own, every 20 ms.
      jobs: { ...MANUAL_JOBS, pollIntervalMs: 20, batchSize: 5 },
      digestDelayMs: DELAY_MS,
      redisUrl,
    };
    const first = await openApp(shared);
    const second = await openApp({ ...shared, databaseUrl: first.config.databaseUrl });
    const wes = await signUpUser(first, { firstName: "Wes" });
    const xia = await signUpUser(second, { firstName: "Xia" });
    const phone = await subscribe(xia, first);
    const laptop = await subscribe(xia, second);

    await sendRequest(first, wes, "interested", xia);
    await waitFor(
      "the pushes and the digest",
      async () => {
        await Promise.all([first.jobs.runDueJobs(), second.jobs.runDueJobs()]);
        const mails = await mailTo(xia, [first, second]);
        return mails.length > 0 && (await pendingJobs(first)) === 0;
      },
      15_000,
    );
    // A few more rounds on both: nothing is left to send twice.
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([first.jobs.runDueJobs(), second.jobs.runDueJobs()]);
    }
    for (const device of [phone, laptop]) {
      expect((await pushesTo(device, vapid.publicKey)).map((push) => push.body)).toEqual([
        "Wes wants to connect",
      ]);
    }
    const mails = await mailTo(xia, [first, second]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Wes wants to connect");
  });
});
