import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Me } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { appsForFile, call, localSiteForFile, signUpUser } from "../../../test/helpers.ts";
import {
  admitPhotoWork,
  PHOTO_BUSY_MESSAGES,
  PHOTO_BUSY_RETRY_SECONDS,
  PHOTO_WORK_LIMIT,
  photoWorkInFlight,
} from "./photo-pool.ts";

/**
 * A 3000 × 3000 HEIC of one colour, 2.8 KB (fixtures/README.md says how it was made): libheif
 * takes over a second of CPU to decode it, all of it on the event loop before the photo threads.
 */
const bigHeic = await readFile(new URL("./fixtures/solid-3000.heic", import.meta.url));

const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#2e86de" } })
  .png()
  .toBuffer();

/** A multipart/form-data body with one `photo` file, as a browser sends it. */
function photoBody(data: Buffer, filename: string, type: string) {
  const boundary = `----kindred${randomBytes(8).toString("hex")}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const open = appsForFile();
const app = await open();
/** As for local testing (PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES=true): pasted from a local site. */
const local = await open({ photoFetch: { allowPrivateAddresses: true } });
const { routes, base } = await localSiteForFile();
routes.set("/face.png", (_request, response) =>
  response.writeHead(200, { "content-type": "image/png" }).end(png),
);

function upload(
  on: FastifyInstance,
  headers: Record<string, string>,
  data: Buffer,
  filename: string,
  type: string,
) {
  const body = photoBody(data, filename, type);
  return on.inject({
    method: "POST",
    url: "/api/profile/photo",
    headers: { ...headers, "content-type": body.contentType },
    payload: body.payload,
  });
}

const PROBE_MS = 5;

/**
 * Watches this thread's event loop: a timer every 5 ms, and the longest it ever waited past that.
 * A stretch of synchronous work (a decoder on this thread) shows as a gap of its whole length.
 */
function watchEventLoop() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - PROBE_MS);
    last = now;
  }, PROBE_MS);
  return {
    stop(): number {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last - PROBE_MS);
    },
  };
}

describe("photo work off the event loop", () => {
  it("decodes big HEIC uploads in the photo threads: the event loop never waits 100 ms", async () => {
    const people = await Promise.all([signUpUser(app), signUpUser(app)]);
    const watch = watchEventLoop();
    const answers = await Promise.all(
      people.map((person) => upload(app, person.headers, bigHeic, "big.heic", "image/heic")),
    );
    const blockedMs = watch.stop();

    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      const me = answer.json().data as Me;
      const large = await app.inject({ method: "GET", url: me.photo?.large ?? "" });
      expect(large.statusCode).toBe(200);
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width: 1080,
        height: 1080,
      });
    }
    expect(photoWorkInFlight()).toBe(0);
    expect(blockedMs, "the longest the event loop waited, in ms").toBeLessThan(100);
  });
});

describe("photo work is bounded", () => {
  const held: (() => void)[] = [];
  afterEach(() => {
    for (const release of held.splice(0)) release();
  });

  it("answers 429 with Retry-After while the same person's previous photo is still in work", async () => {
    const person = await signUpUser(app);
    held.push(admitPhotoWork(person.me._id));

    const refused = await upload(app, person.headers, png, "me.png", "image/png");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 0,
      code: "RATE_LIMITED",
      message: PHOTO_BUSY_MESSAGES.account,
    });
    expect(refused.headers["retry-after"]).toBe(String(PHOTO_BUSY_RETRY_SECONDS));
    // Someone else is not held up by it.
    const other = await signUpUser(app);
    expect((await upload(app, other.headers, png, "me.png", "image/png")).statusCode).toBe(201);

    for (const release of held.splice(0)) release();
    expect((await upload(app, person.headers, png, "me.png", "image/png")).statusCode).toBe(201);
  });

  it("answers 429 with Retry-After once the process has as much photo work as it takes", async () => {
    const person = await signUpUser(app);
    for (let n = 0; n < PHOTO_WORK_LIMIT; n++) held.push(admitPhotoWork(`someone-${n}`));

    const refused = await upload(app, person.headers, png, "me.png", "image/png");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 0,
      code: "RATE_LIMITED",
      message: PHOTO_BUSY_MESSAGES.server,
    });
    expect(refused.headers["retry-after"]).toBe(String(PHOTO_BUSY_RETRY_SECONDS));

    held.pop()?.();
    expect((await upload(app, person.headers, png, "me.png", "image/png")).statusCode).toBe(201);
  });

  it("answers a pasted photo address with the same 429, and changes nothing", async () => {
    const person = await signUpUser(local);
    held.push(admitPhotoWork(person.me._id));

    const refused = await call(local, person.headers, "PATCH", "/api/profile/edit", {
      photoUrl: `${base}/face.png`,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.headers["retry-after"]).toBe(String(PHOTO_BUSY_RETRY_SECONDS));
    const me = (await call(local, person.headers, "GET", "/api/profile/view")).json() as Me;
    expect(me.photo).toBeNull();
  });
});
