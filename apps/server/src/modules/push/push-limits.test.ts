import { createECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { NOTIFICATION_MESSAGES } from "@kindred/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appsForFile,
  call,
  FAST_JOBS,
  logIn,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import { insertNotification, pendingJobs } from "../../../test/notification-rows.ts";
import {
  browserKeys,
  type PushService,
  startPushService,
  subscribeDevice,
  waitFor,
} from "../../../test/push-service.ts";
import { MAX_DEVICES_PER_ACCOUNT } from "./service.ts";

const openApp = appsForFile();
/** Short enough for a test, long enough for a loaded machine to answer a healthy endpoint. */
const SEND_TIMEOUT_MS = 3_000;
const MAX_FAILURES = 3;

/**
 * Push endpoints that accept the request and never answer: each open request is held until the
 * sender gives up (its timeout) and closes the connection.
 */
async function startSilentService() {
  const requests: string[] = [];
  let open = 0;
  const server = http.createServer((request) => {
    requests.push(request.url ?? "/");
    open += 1;
    request.resume();
    request.socket.on("close", () => {
      open -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (path: string) => `http://127.0.0.1:${port}${path}`,
    requestsTo: (path: string) => requests.filter((url) => url === path).length,
    total: () => requests.length,
    open: () => open,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let app: FastifyInstance;
let service: PushService;
let silent: Awaited<ReturnType<typeof startSilentService>>;

beforeAll(async () => {
  app = await openApp({
    push: {
      allowPrivateEndpoints: true,
      sendTimeoutMs: SEND_TIMEOUT_MS,
      maxEndpointFailures: MAX_FAILURES,
    },
    jobs: FAST_JOBS,
    digestDelayMs: 60 * 60_000,
  });
  service = await startPushService();
  silent = await startSilentService();
});
afterAll(async () => {
  await service?.close();
  await silent?.close();
});

/** `user`'s device on the silent service at `path`: its subscription id. */
async function subscribeSilent(user: Session, path: string): Promise<string> {
  const keys = browserKeys();
  const response = await call(app, user, "POST", "/api/push/subscriptions", {
    endpoint: silent.endpoint(path),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id;
}

async function subscriptionExists(id: string): Promise<boolean> {
  const result = (await app.db.execute(
    sql`select 1 from push_subscriptions where id = ${id}`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

function subscribeWith(user: Session, keys: { p256dh: string; auth: string }) {
  return call(app, user, "POST", "/api/push/subscriptions", {
    endpoint: service.endpoint(`/keys/${randomBytes(4).toString("hex")}`),
    keys,
  });
}

describe("devices per account", () => {
  it("an account's 11th device replaces its oldest", async () => {
    const dee = await signUpUser(app, { firstName: "Dee" });
    const eli = await signUpUser(app, { firstName: "Eli" });
    const devices = [];
    for (let i = 1; i <= MAX_DEVICES_PER_ACCOUNT + 1; i += 1) {
      devices.push(await subscribeDevice(app, service, dee, `/cap/device-${i}`));
    }
    const [oldest, ...kept] = devices;
    if (!oldest) throw new Error("no device");
    await insertNotification(app, {
      userId: dee.me._id,
      kind: "request_received",
      actorIds: [eli.me._id],
    });
    await waitFor(
      "a push on each kept device, and no push job left",
      async () =>
        kept.every((device) => service.pushesTo(device.path).length === 1) &&
        (await pendingJobs(app, "notify")) + (await pendingJobs(app, "push")) === 0,
    );
    expect(service.pushesTo(oldest.path)).toHaveLength(0);
    // The oldest is gone: forgetting it finds nothing; the others are still there.
    const forget = (id: string) => call(app, dee, "DELETE", `/api/push/subscriptions/${id}`);
    expect((await forget(oldest.id)).statusCode).toBe(404);
    expect((await forget(kept[0]?.id ?? "")).statusCode).toBe(200);
  });

  it("a device taken over at login counts too: the account's oldest goes", async () => {
    const lee = await signUpUser(app, { firstName: "Lee" });
    const mo = await signUpUser(app, { firstName: "Mo" });
    const devices = [];
    for (let i = 1; i <= MAX_DEVICES_PER_ACCOUNT; i += 1) {
      devices.push(await subscribeDevice(app, service, lee, `/cap/lee-${i}`));
    }
    // Mo's browser; Lee signs in on it.
    const shared = await subscribeDevice(app, service, mo, "/cap/shared");
    await logIn(app, lee.me.emailId, { playerId: shared.id });
    expect(await subscriptionExists(shared.id)).toBe(true);
    expect(await subscriptionExists(devices[0]?.id ?? "")).toBe(false);
    expect(await subscriptionExists(devices[1]?.id ?? "")).toBe(true);
  });
});

describe("a subscription's keys", () => {
  let fay: Session;
  beforeAll(async () => {
    fay = await signUpUser(app, { firstName: "Fay" });
  });

  const good = () => browserKeys();
  const point = () => createECDH("prime256v1").generateKeys();
  const offCurve = () => {
    const bytes = point();
    bytes[64] = (bytes[64] ?? 0) ^ 1;
    return bytes;
  };

  it.each([
    ["a point off the curve", () => offCurve().toString("base64url")],
    [
      "a compressed point",
      () => {
        const ecdh = createECDH("prime256v1");
        ecdh.generateKeys();
        return ecdh.getPublicKey(null, "compressed");
      },
    ],
    ["a point without its 0x04", () => point().subarray(1).toString("base64url")],
    ["a point with another prefix", () => Buffer.concat([Buffer.from([2]), point().subarray(1)])],
    ["x past the field's prime", () => Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)])],
    ["too long by a byte", () => Buffer.concat([point(), Buffer.from([0])])],
  ])("refuses a p256dh that is %s", async (_what, make) => {
    const made = make();
    const p256dh = typeof made === "string" ? made : made.toString("base64url");
    const response = await subscribeWith(fay, { p256dh, auth: good().auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      code: "BAD_KEYS",
      message: NOTIFICATION_MESSAGES.badPublicKey,
      errors: [{ path: "keys.p256dh", message: NOTIFICATION_MESSAGES.badPublicKey }],
    });
  });

  it("refuses keys that are not base64url, naming the field", async () => {
    const response = await subscribeWith(fay, {
      p256dh: `${point().toString("base64url").slice(0, 80)}+/==`,
      auth: good().auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 0,
      code: "VALIDATION_ERROR",
      errors: [{ path: "keys.p256dh" }],
    });
  });

  it.each([15, 17, 32])("refuses an auth secret of %i bytes", async (length) => {
    const response = await subscribeWith(fay, {
      p256dh: good().p256dh,
      auth: randomBytes(length).toString("base64url"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      code: "BAD_KEYS",
      message: NOTIFICATION_MESSAGES.badAuthSecret,
      errors: [{ path: "keys.auth", message: NOTIFICATION_MESSAGES.badAuthSecret }],
    });
  });

  it("accepts a browser's keys, with or without padding", async () => {
    const keys = good();
    expect((await subscribeWith(fay, keys)).statusCode).toBe(201);
    const padded = { p256dh: `${good().p256dh}=`, auth: `${good().auth}==` };
    expect((await subscribeWith(fay, padded)).statusCode).toBe(201);
  });
});

describe("endpoints that never answer", () => {
  it("do not delay another person's push by more than the send timeout", async () => {
    const gus = await signUpUser(app, { firstName: "Gus" });
    const hal = await signUpUser(app, { firstName: "Hal" });
    const ivy = await signUpUser(app, { firstName: "Ivy" });
    // Gus's every device is silent: six notifications make sixty pushes that hang.
    for (let i = 1; i <= MAX_DEVICES_PER_ACCOUNT; i += 1) {
      await subscribeSilent(gus, `/hang/gus-${i}`);
    }
    for (let i = 0; i < 6; i += 1) {
      await insertNotification(app, {
        userId: gus.me._id,
        kind: "request_received",
        actorIds: [ivy.me._id],
      });
    }
    const device = await subscribeDevice(app, service, hal, "/fair/hal");
    await waitFor("Gus's pushes to hang", () => silent.open() > 0);

    const sentAt = Date.now();
    await insertNotification(app, {
      userId: hal.me._id,
      kind: "request_received",
      actorIds: [ivy.me._id],
    });
    await waitFor(
      "Hal's push",
      () => service.pushesTo(device.path).length === 1,
      SEND_TIMEOUT_MS * 20,
    );
    const waited = Date.now() - sentAt;
    // Gus's pushes were still hanging when Hal's arrived, and Hal waited less than one timeout.
    expect(silent.open()).toBeGreaterThan(0);
    expect(waited).toBeLessThan(SEND_TIMEOUT_MS);
  });

  it("rest after each failure and are deleted after too many in a row", async () => {
    const jon = await signUpUser(app, { firstName: "Jon" });
    const kim = await signUpUser(app, { firstName: "Kim" });
    const id = await subscribeSilent(jon, "/hang/jon");
    await insertNotification(app, {
      userId: jon.me._id,
      kind: "request_received",
      actorIds: [kim.me._id],
    });
    await waitFor(
      "the silent endpoint to be deleted",
      async () => !(await subscriptionExists(id)),
      SEND_TIMEOUT_MS * (MAX_FAILURES + 2) * 3,
    );
    // One send per failure, then nothing: the job ended with its endpoint.
    expect(silent.requestsTo("/hang/jon")).toBe(MAX_FAILURES);
    expect((await call(app, jon, "DELETE", `/api/push/subscriptions/${id}`)).statusCode).toBe(404);
  });
});
