import { randomBytes } from "node:crypto";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAIN_LIMIT_BYTES } from "../src/plugins/unread-body.ts";
import { appForFile, type Session, signUpUser } from "./helpers.ts";

const app = await appForFile();
let port: number;
let person: Session;

beforeAll(async () => {
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
  person = await signUpUser(app);
});
afterAll(() => app.server.closeAllConnections());

type Part = { name: string; filename?: string; data: Buffer | string };

function multipartBody(parts: Part[]): { boundary: string; body: Buffer } {
  const boundary = `----kindred${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/png`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

/** The head of an upload by `person`; the body's length as declared, or chunked. */
function uploadHead(boundary: string, length: number | "chunked"): Buffer {
  const head = [
    "POST /api/profile/photo HTTP/1.1",
    "Host: localhost",
    "Connection: keep-alive",
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    length === "chunked" ? "Transfer-Encoding: chunked" : `Content-Length: ${length}`,
    `Cookie: ${person.headers.cookie}`,
    `X-XSRF-TOKEN: ${person.headers["x-xsrf-token"]}`,
  ];
  return Buffer.from(`${head.join("\r\n")}\r\n\r\n`);
}

function uploadRequest(parts: Part[]): Buffer {
  const { boundary, body } = multipartBody(parts);
  return Buffer.concat([uploadHead(boundary, body.length), body]);
}

/** Reads HTTP/1.1 answers off one socket, one at a time, as they arrive. */
function answersOf(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let closed = false;
  let wake: () => void = () => {};
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake();
  });
  socket.on("close", () => {
    closed = true;
    wake();
  });
  socket.on("error", () => {});
  const take = (): { status: number; headers: string; body: string } | null => {
    const end = buffered.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const headers = buffered.subarray(0, end).toString("latin1");
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
    if (buffered.length < end + 4 + length) return null;
    const body = buffered.subarray(end + 4, end + 4 + length).toString("utf8");
    buffered = buffered.subarray(end + 4 + length);
    return { status: Number(headers.split(" ")[1]), headers, body };
  };
  return {
    isClosed: () => closed,
    /** The next answer; null when the server closed the connection or did not answer in time. */
    next(withinMs = 5_000): Promise<{ status: number; headers: string; body: string } | null> {
      return new Promise((resolve) => {
        const deadline = setTimeout(() => resolve(null), withinMs);
        const check = () => {
          const answer = take();
          if (answer || closed) {
            clearTimeout(deadline);
            resolve(answer);
          } else wake = check;
        };
        check();
      });
    },
  };
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

const HEALTH = "GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
const bigFile = (bytes: number): Part => ({
  name: "photo",
  filename: "me.png",
  data: randomBytes(bytes),
});

const refusals: { name: string; parts: () => Part[]; status: number; code: string }[] = [
  {
    name: "a bad crop before a 200 KB file",
    parts: () => [{ name: "crop", data: "not json" }, bigFile(200_000)],
    status: 400,
    code: "PHOTO_BAD_CROP",
  },
  {
    name: "an unknown field before a 200 KB file",
    parts: () => [{ name: "caption", data: "hello" }, bigFile(200_000)],
    status: 400,
    code: "PHOTO_UNKNOWN_FIELD",
  },
  {
    name: "a file in another field before a 200 KB file",
    parts: () => [{ name: "avatar", filename: "a.png", data: randomBytes(10) }, bigFile(200_000)],
    status: 400,
    code: "PHOTO_UNKNOWN_FIELD",
  },
  {
    name: "a file over 10 MB",
    parts: () => [bigFile(10 * 1024 * 1024 + 1), { name: "crop", data: "{}" }],
    status: 413,
    code: "PHOTO_TOO_LARGE",
  },
];

describe("a refused upload leaves the connection usable", () => {
  it.each(refusals)(
    "answers the next request on the connection at once after $name",
    async ({ parts, status, code }) => {
      const socket = await open();
      const answers = answersOf(socket);
      socket.write(uploadRequest(parts()));
      const refused = await answers.next();
      expect(refused?.status).toBe(status);
      expect(JSON.parse(refused?.body ?? "{}")).toMatchObject({ status: 0, code });
      expect(refused?.headers).not.toMatch(/connection: close/i);

      socket.write(HEALTH);
      const next = await answers.next(2_000);
      expect(next?.status).toBe(200);
      socket.destroy();
    },
  );

  it("answers the next request at once after a refused chunked upload", async () => {
    const { boundary, body } = multipartBody([
      { name: "crop", data: "not json" },
      bigFile(200_000),
    ]);
    const socket = await open();
    const answers = answersOf(socket);
    const chunked = Buffer.concat([
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    socket.write(Buffer.concat([uploadHead(boundary, "chunked"), chunked]));
    expect((await answers.next())?.status).toBe(400);

    socket.write(HEALTH);
    expect((await answers.next(2_000))?.status).toBe(200);
    socket.destroy();
  });

  it("closes the connection after refusing a body declared larger than any route takes", async () => {
    const { boundary, body } = multipartBody([{ name: "crop", data: "not json" }, bigFile(1_000)]);
    const socket = await open();
    const answers = answersOf(socket);
    // Only the start of the body is sent: the answer comes before the rest would.
    socket.write(Buffer.concat([uploadHead(boundary, 50 * 1024 * 1024), body]));
    const refused = await answers.next();
    expect(refused?.status).toBe(400);
    expect(refused?.headers).toMatch(/connection: close/i);
    await answers.next(2_000);
    expect(answers.isClosed()).toBe(true);

    const fresh = await open();
    const freshAnswers = answersOf(fresh);
    fresh.write(HEALTH);
    expect((await freshAnswers.next(2_000))?.status).toBe(200);
    fresh.destroy();
  });

  it("cuts a refused chunked body once more than any route takes has been thrown away", async () => {
    const { boundary, body } = multipartBody([
      { name: "crop", data: "not json" },
      bigFile(DRAIN_LIMIT_BYTES + 1024 * 1024),
    ]);
    const socket = await open();
    const answers = answersOf(socket);
    socket.write(
      Buffer.concat([
        uploadHead(boundary, "chunked"),
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from("\r\n0\r\n\r\n"),
      ]),
    );
    // The 400 may be lost to the reset that cutting a connection with unread bytes sends.
    await answers.next(10_000);
    await answers.next(10_000);
    expect(answers.isClosed()).toBe(true);
  });
});
