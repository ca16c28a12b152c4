import { NOTIFICATION_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthHeaders,
  appsForFile,
  FAST_JOBS,
  getXsrf,
  logIn,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import {
  insertNotification,
  pendingJobs,
  setChannels,
  subscriptionCount,
} from "../../../test/notification-rows.ts";
import {
  browserKeys,
  startPushService,
  subscribeDevice,
  verifyVapid,
  waitFor,
} from "../../../test/push-service.ts";

const openApp = appsForFile();

let app: FastifyInstance;
let service: Awaited<ReturnType<typeof startPushService>>;
let publicKey: string;
let paths = 0;

beforeAll(async () => {
  app = await openApp({
    push: { allowPrivateEndpoints: true },
    jobs: FAST_JOBS,
    digestDelayMs: 60 * 60_000,
  });
  service = await startPushService();
  publicKey = (await app.inject({ method: "GET", url: "/api/push/key" })).json().data.publicKey;
});
afterAll(async () => service?.close());

/** A device subscribed for `user`: its endpoint path, keys and subscription id (the playerId). */
function subscribe(user: { headers: AuthHeaders }, target = app) {
  paths += 1;
  return subscribeDevice(target, service, user, `/push/device-${paths}`);
}

/** Until nothing but the (later) digests waits: every notify and push job has run. */
function deliveriesDone(target = app) {
  return waitFor(
    "the notify and push jobs to finish",
    async () =>
      (await pendingJobs(target, "notify")) === 0 && (await pendingJobs(target, "push")) === 0,
  );
}

describe("GET /api/push/key", () => {
  it("serves a P-256 public key in base64url", async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(publicKey, "base64url")[0]).toBe(4);
  });
});

describe("delivery", () => {
  let ana: Session;
  let ben: Session;
  let cat: Session;
  beforeAll(async () => {
    ana = await signUpUser(app, { firstName: "Ana" });
    ben = await signUpUser(app, { firstName: "Ben" });
    cat = await signUpUser(app, { firstName: "Cat" });
  });

  it("sends the notification's sentence, encrypted for the device, with a VAPID header", async () => {
    const device = await subscribe(cat);
    const id = await insertNotification(app, {
      userId: cat.me._id,
      kind: "request_received",
      actorIds: [ben.me._id, ana.me._id],
    });
    const [push] = await waitFor(
      "the push",
      () => service.pushesTo(device.path).length > 0 && service.pushesTo(device.path),
    );
    expect(push?.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    expect(device.keys.decrypt(push?.body as Buffer)).toEqual({
      title: "Kindred",
      body: "Ana and Ben want to connect",
      url: "/requests",
      tag: id,
    });
    const vapid = await verifyVapid(push?.headers.authorization, publicKey);
    expect(vapid.k).toBe(publicKey);
    expect(vapid.aud).toBe(new URL(service.endpoint("/")).origin);
    expect(vapid.sub).toMatch(/^(mailto:|https:)/);
  });

  it("deletes a subscription the push service calls gone (410)", async () => {
    const device = await subscribe(ana);
    service.respond(device.path, [{ status: 410 }]);
    const before = await subscriptionCount(app);
    await insertNotification(app, {
      userId: ana.me._id,
      kind: "request_accepted",
      actorIds: [ben.me._id],
    });
    await waitFor(
      "the subscription to go",
      async () => (await subscriptionCount(app)) === before - 1,
    );
    const remove = await app.inject({
      method: "DELETE",
      url: `/api/push/subscriptions/${device.id}`,
      headers: ana.headers,
    });
    expect(remove.statusCode).toBe(404);
  });

  it("tries again after 429 (honouring Retry-After) and 500, then delivers", async () => {
    const dan = await signUpUser(app, { firstName: "Dan" });
    const device = await subscribe(dan);
    service.respond(device.path, [{ status: 429, retryAfter: "0" }, { status: 500 }]);
    await insertNotification(app, {
      userId: dan.me._id,
      kind: "message",
      actorIds: [ana.me._id],
      url: `/chat/${ana.me._id}`,
    });
    await waitFor("three tries", () => service.pushesTo(device.path).length >= 3);
    await deliveriesDone();
    const pushes = service.pushesTo(device.path);
    expect(pushes).toHaveLength(3);
    expect(device.keys.decrypt(pushes[2]?.body as Buffer).body).toBe("Ana sent you a message");
  });

  it("sends nothing for a kind whose push setting is off", async () => {
    const eve = await signUpUser(app, { firstName: "Eve" });
    const device = await subscribe(eve);
    await setChannels(app, eve.me._id, "request_received", { push: false, email: true });
    await insertNotification(app, {
      userId: eve.me._id,
      kind: "request_received",
      actorIds: [ana.me._id],
    });
    await deliveriesDone();
    expect(service.pushesTo(device.path)).toHaveLength(0);
    // The other kinds still arrive.
    await insertNotification(app, {
      userId: eve.me._id,
      kind: "request_accepted",
      actorIds: [ana.me._id],
    });
    await waitFor("the other kind's push", () => service.pushesTo(device.path).length === 1);
  });
});

describe("devices and sessions", () => {
  it("a login with playerId takes the device; logging out stops its pushes", async () => {
    const fay = await signUpUser(app, { firstName: "Fay" });
    const gus = await signUpUser(app, { firstName: "Gus" });
    const device = await subscribe(fay);

    // Gus signs in on Fay's device: it is his now.
    const gusOnDevice = await logIn(app, gus.me.emailId, { playerId: device.id });
    await insertNotification(app, {
      userId: fay.me._id,
      kind: "request_received",
      actorIds: [gus.me._id],
    });
    await insertNotification(app, {
      userId: gus.me._id,
      kind: "request_received",
      actorIds: [fay.me._id],
    });
    await waitFor("Gus's push", () => service.pushesTo(device.path).length === 1);
    await deliveriesDone();
    const [forGus] = service.pushesTo(device.path);
    expect(device.keys.decrypt(forGus?.body as Buffer).body).toBe("Fay wants to connect");

    // He logs out: the device receives nobody's pushes.
    const logout = await app.inject({
      method: "POST",
      url: "/api/logout",
      headers: gusOnDevice,
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    await insertNotification(app, {
      userId: gus.me._id,
      kind: "request_accepted",
      actorIds: [fay.me._id],
    });
    await deliveriesDone();
    expect(service.pushesTo(device.path)).toHaveLength(1);

    // Fay logs in on it again.
    await logIn(app, fay.me.emailId, { playerId: device.id });
    await insertNotification(app, {
      userId: fay.me._id,
      kind: "request_accepted",
      actorIds: [gus.me._id],
    });
    await waitFor("Fay's push", () => service.pushesTo(device.path).length === 2);
  });

  it("ignores an unknown or malformed playerId", async () => {
    const hal = await signUpUser(app, { firstName: "Hal" });
    await logIn(app, hal.me.emailId, { playerId: "not-a-subscription" });
    await logIn(app, hal.me.emailId, { playerId: "00000000-0000-4000-8000-000000000000" });
  });

  it("a signup with playerId takes the device", async () => {
    const ida = await signUpUser(app, { firstName: "Ida" });
    const device = await subscribe(ida);
    const ivy = await signUpUser(app, { firstName: "Ivy", playerId: device.id });
    await insertNotification(app, {
      userId: ivy.me._id,
      kind: "request_received",
      actorIds: [ida.me._id],
    });
    await waitFor("Ivy's push", () => service.pushesTo(device.path).length === 1);
  });

  it("deletes only the caller's own subscription", async () => {
    const jo = await signUpUser(app, { firstName: "Jo" });
    const kim = await signUpUser(app, { firstName: "Kim" });
    const device = await subscribe(jo);
    const url = `/api/push/subscriptions/${device.id}`;
    const byKim = await app.inject({ method: "DELETE", url, headers: kim.headers });
    expect(byKim.statusCode).toBe(404);
    expect(byKim.json()).toMatchObject({
      status: 0,
      message: NOTIFICATION_MESSAGES.subscriptionNotFound,
    });
    const bad = await app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions/nope",
      headers: jo.headers,
    });
    expect(bad.statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url, headers: jo.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url, headers: jo.headers })).statusCode).toBe(404);
  });

  it("asks for a session", async () => {
    const keys = browserKeys();
    const xsrf = await getXsrf(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf },
      payload: { endpoint: "https://8.8.8.8/push", keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("the endpoint guard (default settings)", () => {
  let guarded: FastifyInstance;
  let user: Session;
  beforeAll(async () => {
    guarded = await openApp({ jobs: FAST_JOBS });
    user = await signUpUser(guarded);
  });

  function subscribeTo(endpoint: string) {
    const keys = browserKeys();
    return guarded.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: user.headers,
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
  }

  it("refuses http", async () => {
    const response = await subscribeTo("http://push.example.com/send/1");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 0,
      message: NOTIFICATION_MESSAGES.endpointNotHttps,
    });
  });

  it.each([
    "https://127.0.0.1/send/1",
    "https://10.1.2.3/send/1",
    "https://172.20.0.1/send/1",
    "https://192.168.1.1/send/1",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/send/1",
    "https://0.0.0.0/send/1",
    "https://224.0.0.1/send/1",
    "https://[::1]/send/1",
    "https://[::]/send/1",
    "https://[fe80::1]/send/1",
    "https://[fd00::1]/send/1",
    "https://[ff02::1]/send/1",
    "https://[::ffff:127.0.0.1]/send/1",
    "https://[::ffff:10.0.0.1]/send/1",
    "https://localhost/send/1",
    "https://localhost:8443/send/1",
    "https://2130706433/send/1",
  ])("refuses %s, which is not a public address", async (endpoint) => {
    const response = await subscribeTo(endpoint);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 0,
      message: NOTIFICATION_MESSAGES.endpointNotPublic,
    });
  });

  it("refuses what is not a browser's subscription", async () => {
    const response = await guarded.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: user.headers,
      payload: { endpoint: "not a url", keys: { p256dh: "a", auth: "b" } },
    });
    expect(response.statusCode).toBe(400);
  });

  it("accepts https on a public address, and sends nothing on subscribing", async () => {
    const response = await subscribeTo("https://8.8.8.8/push/send/abc");
    expect(response.statusCode).toBe(201);
    expect(response.json().data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pendingJobs(guarded, "push")).toBe(0);
    const again = await subscribeTo("https://[2606:4700:4700::1111]/push/send/abc");
    expect(again.statusCode).toBe(201);
  });
});
