import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { PushPayload } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { importJWK, jwtVerify } from "jose";
import { type AuthHeaders, call } from "./helpers.ts";

/**
 * A browser's side of a push subscription: its P-256 key pair and auth secret, and the RFC 8291
 * (aes128gcm) decryption a browser applies to what the push service hands it.
 */
export function browserKeys() {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    decrypt(body: Buffer): PushPayload {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, info, 32));
      const cek = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
      );
      const nonce = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
      );
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("no last-record delimiter");
      return JSON.parse(padded.subarray(0, end).toString("utf8")) as PushPayload;
    },
  };
}

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** The audience and signer of a VAPID Authorization header, checked with the given public key. */
export async function verifyVapid(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const point = Buffer.from(publicKey, "base64url");
  const key = await importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    "ES256",
  );
  const { payload } = await jwtVerify(match[1], key, { algorithms: ["ES256"] });
  return { k: match[2], aud: payload.aud, sub: payload.sub };
}

/**
 * A local push service: records every push and answers each path with the statuses queued for
 * it (then 201), optionally with a Retry-After.
 */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const scripted = new Map<string, { status: number; retryAfter?: string }[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const next = scripted.get(path)?.shift() ?? { status: 201 };
      response.writeHead(next.status, next.retryAfter ? { "retry-after": next.retryAfter } : {});
      response.end("a body the server never reads");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    endpoint: (path: string) => `http://127.0.0.1:${port}${path}`,
    respond(path: string, answers: { status: number; retryAfter?: string }[]) {
      scripted.set(path, answers);
    },
    pushesTo: (path: string) => received.filter((push) => push.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * A browser subscribing during `user`'s session (POST /api/push/subscriptions) to the local push
 * service at `path`: the path, the browser's keys and the subscription's id (its playerId).
 */
export async function subscribeDevice(
  app: FastifyInstance,
  service: PushService,
  user: { headers: AuthHeaders },
  path: string,
) {
  const keys = browserKeys();
  const response = await call(app, user, "POST", "/api/push/subscriptions", {
    endpoint: service.endpoint(path),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  if (response.statusCode !== 201) {
    throw new Error(`subscribing failed: ${response.statusCode} ${response.body}`);
  }
  return { path, keys, id: response.json().data._id as string };
}

/** Polls `condition` until it holds or the deadline passes (then throws with `what`). */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
