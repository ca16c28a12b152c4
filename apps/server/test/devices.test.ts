import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { Device } from "@kindred/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AuthHeaders,
  anonymousHeaders,
  botCheck,
  call,
  continueAs,
  cookieFrom,
  createTestApp,
  mailsTo,
  PASSWORD,
  signupBody,
  TEST_AGE,
} from "./helpers.ts";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** The `ws` client (a dependency of @fastify/websocket). */
type ClientSocket = {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
};
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app.close();
});

/** A browser: its cookies (session, XSRF, device) and its User-Agent. */
type Browser = { headers: AuthHeaders & { "user-agent": string }; device?: string };

function withCookies(
  anonymous: AuthHeaders,
  userAgent: string,
  response: LightMyRequestResponse,
  device?: string,
): Browser {
  const token = cookieFrom(response, "token");
  const known = cookieFrom(response, "kindred-device") ?? device;
  const cookie = [`token=${token}`, anonymous.cookie, known ? `kindred-device=${known}` : ""]
    .filter(Boolean)
    .join("; ");
  return { headers: { ...anonymous, cookie, "user-agent": userAgent }, device: known };
}

async function signUp(userAgent: string): Promise<{ email: string; browser: Browser }> {
  const anonymous = await anonymousHeaders(app);
  const body = signupBody({ age: TEST_AGE });
  const response = await app.inject({
    method: "POST",
    url: "/api/signup",
    headers: { ...anonymous, "user-agent": userAgent },
    payload: { ...body, ...(await botCheck(app)) },
  });
  expect(response.statusCode).toBe(201);
  return { email: body.emailId, browser: withCookies(anonymous, userAgent, response) };
}

/** Logs in from a browser: a new one, or one that keeps its device cookie. */
async function logIn(email: string, userAgent: string, device?: string): Promise<Browser> {
  const anonymous = await anonymousHeaders(app);
  const cookie = device ? `${anonymous.cookie}; kindred-device=${device}` : anonymous.cookie;
  const response = await app.inject({
    method: "POST",
    url: "/api/login",
    headers: { ...anonymous, cookie, "user-agent": userAgent },
    payload: { emailId: email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return withCookies(anonymous, userAgent, response, device);
}

async function devices(browser: Browser): Promise<Device[]> {
  const response = await call(app, browser.headers, "GET", "/api/account/sessions");
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

async function newSignInMails(email: string) {
  return (await mailsTo(app, email)).filter((mail) => /new sign-in/i.test(mail.subject));
}

/** Opens a chat socket and resolves once it is open; `closed` resolves with its close code. */
async function openSocket(browser: Browser): Promise<{ closed: Promise<number> }> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
    headers: { origin: app.config.publicOrigin, cookie: browser.headers.cookie },
  });
  const closed = new Promise<number>((resolve) => socket.on("close", resolve));
  // The first event (the badges) comes once the socket is registered.
  await new Promise<void>((resolve, reject) => {
    socket.on("message", () => resolve());
    socket.on("error", reject);
  });
  return { closed };
}

describe("Settings → Devices", () => {
  it("lists each session with its browser and system, this one first", async () => {
    const { email, browser: mac } = await signUp(CHROME_MAC);
    const windows = await logIn(email, FIREFOX_WINDOWS);
    const list = await devices(windows);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ browser: "Firefox 133", os: "Windows 10", current: true });
    expect(list[1]).toMatchObject({ browser: "Chrome 131", os: "macOS", current: false });
    for (const device of list) {
      expect(device._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(device.createdAt)).not.toBeNaN();
      expect(Date.parse(device.lastSeenAt)).not.toBeNaN();
    }
    const fromMac = await devices(mac);
    expect(fromMac.map((d) => d.current)).toEqual([true, false]);
    expect(fromMac[0]?._id).toBe(list[1]?._id);
  });

  it("signs one device out at once: its calls answer 401, its socket closes, its community token ends", async () => {
    const { email, browser: mac } = await signUp(CHROME_MAC);
    const phone = await logIn(email, SAFARI_IPHONE);
    const socket = await openSocket(phone);
    const { token } = await continueAs(app, phone.headers);
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (await app.inject({ method: "GET", url: "/api/community/getposts", headers: bearer }))
        .statusCode,
    ).toBe(200);

    const target = (await devices(mac)).find((d) => !d.current);
    expect(target).toMatchObject({ browser: "Mobile Safari 17", os: "iOS 17" });
    const ended = await call(app, mac.headers, "DELETE", `/api/account/sessions/${target?._id}`);
    expect(ended.statusCode).toBe(200);

    await socket.closed;
    expect((await call(app, phone.headers, "GET", "/api/account/sessions")).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/community/getposts", headers: bearer }))
        .statusCode,
    ).toBe(401);
    expect(await devices(mac)).toHaveLength(1);
    // Gone: the same id again is not found.
    expect(
      (await call(app, mac.headers, "DELETE", `/api/account/sessions/${target?._id}`)).statusCode,
    ).toBe(404);
  });

  it("answers 404 for someone else's session and for a malformed id", async () => {
    const mine = await signUp(CHROME_MAC);
    const theirs = await signUp(FIREFOX_WINDOWS);
    const [their] = await devices(theirs.browser);
    for (const id of [their?._id, "not-a-uuid", "00000000-0000-0000-0000-000000000000", "%27"]) {
      const response = await call(
        app,
        mine.browser.headers,
        "DELETE",
        `/api/account/sessions/${id}`,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 0, code: "NOT_FOUND" });
    }
    expect(await devices(theirs.browser)).toHaveLength(1);
  });

  it("signs every other device out and keeps this one", async () => {
    const { email, browser: mac } = await signUp(CHROME_MAC);
    const others = [await logIn(email, FIREFOX_WINDOWS), await logIn(email, SAFARI_IPHONE)];
    const sockets = await Promise.all(others.map(openSocket));
    const response = await call(app, mac.headers, "DELETE", "/api/account/sessions");
    expect(response.statusCode).toBe(200);
    await Promise.all(sockets.map((socket) => socket.closed));
    for (const other of others) {
      expect((await call(app, other.headers, "GET", "/api/account/sessions")).statusCode).toBe(401);
    }
    expect((await devices(mac)).map((d) => d.current)).toEqual([true]);
  });

  it("signs this device out through the list, as logout does", async () => {
    const { email, browser: mac } = await signUp(CHROME_MAC);
    await logIn(email, FIREFOX_WINDOWS);
    const [self] = await devices(mac);
    const response = await call(app, mac.headers, "DELETE", `/api/account/sessions/${self?._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === "token")?.value).toBe("");
    expect((await call(app, mac.headers, "GET", "/api/account/sessions")).statusCode).toBe(401);
  });

  it("answers 401 without a session", async () => {
    expect((await call(app, null, "GET", "/api/account/sessions")).statusCode).toBe(401);
  });
});

describe("new sign-in mail", () => {
  it("mails a sign-in from a new browser, not the sign-up nor a known browser's sign-in", async () => {
    const { email, browser: mac } = await signUp(CHROME_MAC);
    expect(await newSignInMails(email)).toHaveLength(0);

    // The browser that signed up is known.
    await logIn(email, CHROME_MAC, mac.device);
    expect(await newSignInMails(email)).toHaveLength(0);

    const windows = await logIn(email, FIREFOX_WINDOWS);
    const mails = await newSignInMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Firefox 133 on Windows 10");
    expect(mails[0]?.text).toContain(`${app.config.publicOrigin}/settings#devices`);

    // That browser is known from now on.
    await logIn(email, FIREFOX_WINDOWS, windows.device);
    expect(await newSignInMails(email)).toHaveLength(1);
  });
});
