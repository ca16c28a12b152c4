import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousHeaders, createTestApp, sendRaw, signUpUser, signupBody } from "./helpers.ts";

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  await app.close();
});

/** Sends raw bytes over a real connection and returns everything the server answers. */
async function rawRequest(text: string): Promise<string> {
  return (await sendRaw(port, text)).answer;
}

function bodyOf(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
}

describe("a NUL character", () => {
  it.each([
    ["firstName", { firstName: "Ana\u0000" }],
    ["lastName", { lastName: "Li\u0000u" }],
    ["skills.1", { skills: ["Chess", "Go\u0000", "Hiking"] }],
    ["instagramLink", { instagramLink: "https://instagram.com/a\u0000b" }],
    ["password", { password: "correct horse\u0000battery" }],
    ["playerId", { playerId: "player\u0000" }],
  ])("in the sign-up field %s answers 400 with the contract's error body", async (path, fields) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: await anonymousHeaders(app),
      payload: signupBody(fields),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    expect(body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
    );
    expect(body.message).toMatch(/NUL/);
  });

  it("in a profile edit answers 400", async () => {
    const { headers } = await signUpUser(app);
    for (const payload of [
      { about: "hello\u0000" },
      { firstName: "\u0000" },
      { otherLink: "https://x.io/\u0000" },
    ]) {
      const response = await app.inject({
        method: "PATCH",
        url: "/api/profile/edit",
        headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
  });

  it("in a path parameter or query answers 400", async () => {
    const { headers } = await signUpUser(app);
    for (const [method, url] of [
      ["GET", "/api/get_public_profile/%00"],
      ["GET", "/api/get_public_profile/abc%00def"],
      ["GET", "/api/feed?page=1%00"],
      ["POST", "/api/request/send/interested/%00"],
      ["POST", "/api/request/review/accepted/%00"],
      ["DELETE", "/api/request/%00"],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers,
        payload: method === "GET" ? undefined : {},
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ status: 0 });
      expect(response.body).not.toContain("%00");
    }
  });
});

describe("a name made only of invisible characters", () => {
  it.each([
    ["zero-width spaces", "\u200b\u200b\u200b"],
    ["a word joiner and a soft hyphen", "\u2060\u00ad"],
    ["Hangul fillers", "\u3164\u3164"],
    ["a BOM and direction marks", "\ufeff\u200e\u200f"],
    ["Braille blanks", "\u2800"],
  ])("is refused: %s", async (_label, firstName) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: await anonymousHeaders(app),
      payload: signupBody({ firstName }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: "firstName", message: "First name cannot be made only of invisible characters" },
      ]),
    );
  });

  it("is refused as a last name or a skill too, while a name with letters and a joiner is kept", async () => {
    const invisibleLast = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: await anonymousHeaders(app),
      payload: signupBody({ lastName: "\u200b", skills: ["Chess", "\u200d", "Go", "Hiking"] }),
    });
    expect(invisibleLast.statusCode).toBe(400);
    const paths = invisibleLast.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["lastName", "skills.1"]));

    const { me } = await signUpUser(app, { firstName: "Zo\u200de", lastName: "" });
    expect(me.firstName).toBe("Zo\u200de");
  });
});

describe("Fastify's own errors", () => {
  it("a URL that does not decode answers 400 without echoing it", async () => {
    const response = await app.inject({ method: "GET", url: "/api/get_public_profile/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      code: "BAD_REQUEST",
      message: "This address could not be read.",
    });
    expect(response.body).not.toContain("%E0");
  });

  it("a path parameter over the length limit answers 414 without echoing it", async () => {
    const long = "x".repeat(500);
    const response = await app.inject({ method: "GET", url: `/api/get_public_profile/${long}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ status: 0, code: "URI_TOO_LONG" });
    expect(response.body).not.toContain("xxxxxxxxxx");
  });

  it("an unknown API path answers 404 without echoing it", async () => {
    const response = await app.inject({ method: "GET", url: "/api/<script>alert(1)</script>" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    expect(response.body).not.toContain("script");
  });

  it("invalid JSON, a wrong content type and a body over 64 KiB answer in the contract's body", async () => {
    const headers = await anonymousHeaders(app);
    const cases = [
      { type: "application/json", payload: '{"emailId": ', status: 400, code: "BAD_REQUEST" },
      {
        type: "application/x-www-form-urlencoded",
        payload: "emailId=a",
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
      },
      {
        type: "application/json",
        payload: JSON.stringify({ emailId: "a@b.co", password: "x".repeat(70_000) }),
        status: 413,
        code: "PAYLOAD_TOO_LARGE",
      },
    ];
    for (const { type, payload, status, code } of cases) {
      const response = await app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...headers, "content-type": type },
        payload,
      });
      expect(response.statusCode, type).toBe(status);
      expect(response.json()).toMatchObject({ status: 0, code, message: expect.any(String) });
    }
  });

  it("headers over the size limit answer 431 in the contract's body, over a real connection", async () => {
    const raw = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(raw)).toEqual({
      status: 0,
      code: "HEADERS_TOO_LARGE",
      message: "The request headers are too large.",
    });
  });

  it("bytes that are not HTTP answer 400 in the contract's body", async () => {
    const raw = await rawRequest("HELLO THERE\r\n\r\n");
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(raw)).toMatchObject({ status: 0, code: "BAD_REQUEST" });
  });
});
