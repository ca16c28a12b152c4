import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { type Config, DEFAULT_RATE_LIMITS } from "../src/config.ts";
import { DEVICE_COOKIE } from "../src/modules/auth/login-throttle.ts";
import {
  anonymousHeaders,
  appsForFile,
  botCheck,
  cookieFrom,
  signUpUser,
  signupBody,
  uniqueEmail,
} from "./helpers.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const appWith = appsForFile();

function limits(
  perAccountAndIp: number,
  perIp: number,
  perAccount = 1000,
  perDevice = 1000,
): Config["rateLimits"] {
  const window = 15 * 60_000;
  return {
    loginPerAccountAndIp: { max: perAccountAndIp, windowMs: window },
    loginPerAccount: { max: perAccount, windowMs: window },
    loginPerDevice: { max: perDevice, windowMs: window },
    loginPerIp: { max: perIp, windowMs: window },
    signupPerIp: { max: 1000, windowMs: 60 * 60_000 },
  };
}

async function login(
  app: FastifyInstance,
  emailId: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/login",
    headers: { ...(await anonymousHeaders(app)), ...headers },
    payload: { emailId, password },
  });
  return response.statusCode;
}

const stores = redisUrl ? ["memory", "Redis"] : ["memory"];

describe.each(stores)("log-in throttling (%s counters)", (store) => {
  const base = (perAccountAndIp: number, perIp: number): Partial<Config> => ({
    rateLimits: limits(perAccountAndIp, perIp),
    // Redis keeps counts between runs: each test comes from an address of its own.
    trustProxy: ["127.0.0.1"],
    ...(store === "Redis" ? { redisUrl } : {}),
  });
  const from = () => ({ "x-forwarded-for": `10.${randomBytes(3).join(".")}` });

  it("never locks an account out for correct log-ins, however many", async () => {
    const app = await appWith(base(3, 1000));
    const client = from();
    const { me } = await signUpUser(app, { password: "right password" });
    for (let i = 0; i < 8; i++)
      expect(await login(app, me.emailId, "right password", client)).toBe(200);
  });

  it("counts failures, and a success clears that address's count on the account", async () => {
    const app = await appWith(base(3, 1000));
    const client = from();
    const { me } = await signUpUser(app, { password: "right password" });
    expect(await login(app, me.emailId, "wrong one 1", client)).toBe(401);
    expect(await login(app, me.emailId, "wrong one 2", client)).toBe(401);
    expect(await login(app, me.emailId, "right password", client)).toBe(200);
    // The two failures before the success are forgotten: three more are allowed.
    for (let i = 0; i < 3; i++)
      expect(await login(app, me.emailId, `wrong again ${i}`, client)).toBe(401);
    expect(await login(app, me.emailId, "wrong once more", client)).toBe(429);
    // Locked for guessing, even with the right password, until the window ends.
    expect(await login(app, me.emailId, "right password", client)).toBe(429);
  });

  it("counts only failures per IP: a campus of correct log-ins from one address is never refused", async () => {
    const app = await appWith(base(1000, 3));
    const client = from();
    const people = [];
    for (let i = 0; i < 5; i++)
      people.push((await signUpUser(app, { password: "pass word ok" })).me);
    for (const person of people)
      expect(await login(app, person.emailId, "pass word ok", client)).toBe(200);
    for (let i = 0; i < 3; i++)
      expect(await login(app, uniqueEmail(), "nope nope", client)).toBe(401);
    expect(await login(app, uniqueEmail(), "nope nope", client)).toBe(429);
  });
});

describe("the client address behind a trusted proxy", () => {
  it("refuses TRUST_PROXY=true or a hop count in the config", async () => {
    const { loadConfig } = await import("../src/config.ts");
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/^TRUST_PROXY must list/);
    expect(() => loadConfig({ TRUST_PROXY: "2" })).toThrow(/^TRUST_PROXY must list/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1, proxy.local" })).toThrow(
      /^TRUST_PROXY: "proxy.local" is not an IP address or CIDR/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/10\.0\.0\.0\/33/);
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8, ::1, loopback" }).trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "loopback",
    ]);
  });

  it("is the first untrusted hop from the right: a spoofed leftmost X-Forwarded-For changes nothing", async () => {
    // The test client connects from 127.0.0.1: that is the trusted proxy.
    const app = await appWith({
      trustProxy: ["127.0.0.1", "10.0.0.0/8"],
      rateLimits: limits(1000, 2),
    });
    app.get("/api/test/ip", async (request) => ({ ip: request.ip }));
    const ipFor = async (forwardedFor: string) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/test/ip",
          headers: { "x-forwarded-for": forwardedFor },
        })
      ).json().ip;
    expect(await ipFor("203.0.113.7")).toBe("203.0.113.7");
    expect(await ipFor("6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    // Several trusted proxies in a row are skipped; the client is the one before them.
    expect(await ipFor("1.2.3.4, 203.0.113.7, 10.1.2.3")).toBe("203.0.113.7");

    // Rotating the leftmost address does not dodge the per-IP limit.
    const spoofed = () => ({
      "x-forwarded-for": `${randomBytes(1)[0]}.${randomBytes(1)[0]}.1.1, 203.0.113.7`,
    });
    expect(await login(app, uniqueEmail(), "guess guess", spoofed())).toBe(401);
    expect(await login(app, uniqueEmail(), "guess guess", spoofed())).toBe(401);
    expect(await login(app, uniqueEmail(), "guess guess", spoofed())).toBe(429);
    // Another client behind the same proxy has its own count.
    expect(
      await login(app, uniqueEmail(), "guess guess", { "x-forwarded-for": "198.51.100.9" }),
    ).toBe(401);
  });

  it("ignores X-Forwarded-For entirely without TRUST_PROXY", async () => {
    const app = await appWith({});
    app.get("/api/test/ip", async (request) => ({ ip: request.ip }));
    const response = await app.inject({
      method: "GET",
      url: "/api/test/ip",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(response.json().ip).toBe("127.0.0.1");
  });
});

describe.each(stores)("a stranger cannot lock the owner out (%s counters)", (store) => {
  const redis = store === "Redis" ? { redisUrl } : {};
  // Each test its own addresses: Redis keeps counts between runs.
  const address = () => `10.${randomBytes(3).join(".")}`;

  type Attempt = { status: number; retryAfter?: string; device?: string; body: unknown };

  /** A log-in from `remoteAddress`, carrying a device cookie when given. */
  async function loginFrom(
    app: FastifyInstance,
    remoteAddress: string,
    emailId: string,
    password: string,
    device?: string,
    url = "/api/login",
  ): Promise<Attempt> {
    const xsrf = await anonymousHeaders(app);
    const response = await app.inject({
      method: "POST",
      url,
      remoteAddress,
      headers: {
        ...xsrf,
        cookie: device ? `${xsrf.cookie}; ${DEVICE_COOKIE}=${device}` : xsrf.cookie,
      },
      payload: url === "/api/login" ? { emailId, password } : { uname: emailId, password },
    });
    return {
      status: response.statusCode,
      retryAfter: response.headers["retry-after"] as string | undefined,
      device: cookieFrom(response, DEVICE_COOKIE),
      body: response.json(),
    };
  }

  it("after 15 wrong passwords from one address (the documented limits), the owner gets in from another address, and from that one with the device cookie", async () => {
    const app = await appWith({ rateLimits: DEFAULT_RATE_LIMITS, ...redis });
    const { me } = await signUpUser(app, { password: "owner's password" });
    const home = address();
    const elsewhere = address();
    const owner = await loginFrom(app, home, me.emailId, "owner's password");
    expect(owner.status).toBe(200);
    expect(owner.device).toMatch(new RegExp(`^${me._id}\\.`));

    // A stranger behind the same address (a shared campus or café network) guesses 15 times.
    const guesses = [];
    for (let i = 0; i < 15; i++) {
      guesses.push((await loginFrom(app, home, me.emailId.toUpperCase(), `guess ${i}`)).status);
    }
    expect(guesses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    const held = await loginFrom(app, home, me.emailId, "owner's password");
    expect(held.status).toBe(429);
    expect(Number(held.retryAfter)).toBeGreaterThan(0);
    expect(held.body).toEqual({
      status: 0,
      code: "RATE_LIMITED",
      message: "Too many attempts. Try again in 15 minutes.",
    });

    // The owner, from another address: in.
    expect((await loginFrom(app, elsewhere, me.emailId, "owner's password")).status).toBe(200);
    // And from the guessed-at address, on the device that logged in before: in.
    expect((await loginFrom(app, home, me.emailId, "owner's password", owner.device)).status).toBe(
      200,
    );
  });

  it("past the per-account ceiling, a new address is held even with the right password while a device that logged in before gets in", async () => {
    const app = await appWith({ rateLimits: limits(3, 1000, 6, 3), ...redis });
    const { me } = await signUpUser(app, { password: "owner's password" });
    const other = await signUpUser(app, { password: "stranger's password" });
    const device = (await loginFrom(app, address(), me.emailId, "owner's password")).device;
    expect(device).toBeDefined();

    // Guessing spread over addresses: three from each of two, then the ceiling (6) holds.
    const spread = [];
    for (const from of [address(), address(), address()]) {
      for (let i = 0; i < 3; i++)
        spread.push((await loginFrom(app, from, me.emailId, `guess ${i}`)).status);
    }
    expect(spread).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429]);
    const fresh = await loginFrom(app, address(), me.emailId, "owner's password");
    expect(fresh.status).toBe(429);
    expect(Number(fresh.retryAfter)).toBeGreaterThan(0);

    // The owner's device gets in, from any address, and its success does not reopen the ceiling.
    expect((await loginFrom(app, address(), me.emailId, "owner's password", device)).status).toBe(
      200,
    );
    expect((await loginFrom(app, address(), me.emailId, "owner's password")).status).toBe(429);

    // A device cookie is good for its own account only, and only as the server signed it.
    const strangers = (await loginFrom(app, address(), other.me.emailId, "stranger's password"))
      .device;
    const [accountId, deviceId, signature] = String(device).split(".");
    const forged = [
      strangers,
      `${other.me._id}.${deviceId}.${signature}`,
      `${accountId}.${deviceId}x.${signature}`,
      `${accountId}.${deviceId}.${"A".repeat(43)}`,
      `${accountId}.${deviceId}`,
    ];
    for (const cookie of forged) {
      expect((await loginFrom(app, address(), me.emailId, "owner's password", cookie)).status).toBe(
        429,
      );
    }

    // The device's own failures are counted on it (3 here): past them it is held too.
    const fromDevice = [];
    for (let i = 0; i < 4; i++)
      fromDevice.push((await loginFrom(app, address(), me.emailId, `typo ${i}`, device)).status);
    expect(fromDevice).toEqual([401, 401, 401, 429]);
  });

  it("sets the device cookie HttpOnly and SameSite=Lax, naming the account, at sign-up and log-in, not on a wrong password", async () => {
    const app = await appWith({ ...redis });
    const xsrf = await anonymousHeaders(app);
    const signup = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: xsrf,
      payload: { ...(await botCheck(app)), ...signupBody({ password: "owner's password" }) },
    });
    // The browser that signed up is a known device (decision 122).
    expect(cookieFrom(signup, DEVICE_COOKIE)?.split(".")[0]).toBe(signup.json().data._id);
    const emailId = signup.json().data.emailId;
    const wrong = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: xsrf,
      payload: { emailId, password: "wrong password" },
    });
    expect(cookieFrom(wrong, DEVICE_COOKIE)).toBeUndefined();
    const right = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: xsrf,
      payload: { emailId, password: "owner's password" },
    });
    const cookie = right.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.value.split(".")[0]).toBe(signup.json().data._id);
    expect(cookie?.maxAge).toBeGreaterThan(30 * 24 * 3600);
  });

  it("shares one budget between the app's log-in and the community's password log-in", async () => {
    const app = await appWith({ rateLimits: limits(3, 1000, 100, 3), ...redis });
    const { me } = await signUpUser(app, { password: "owner's password" });
    const from = address();
    const community = "/api/community/fusionauth";
    expect((await loginFrom(app, from, me.emailId, "guess 1", undefined, community)).status).toBe(
      401,
    );
    expect((await loginFrom(app, from, me.emailId, "guess 2")).status).toBe(401);
    expect((await loginFrom(app, from, me.emailId, "guess 3", undefined, community)).status).toBe(
      401,
    );
    expect((await loginFrom(app, from, me.emailId, "owner's password")).status).toBe(429);
    expect(
      (await loginFrom(app, from, me.emailId, "owner's password", undefined, community)).status,
    ).toBe(429);
    // From elsewhere the owner gets in, through either door; the community one marks the device.
    const viaCommunity = await loginFrom(
      app,
      address(),
      me.emailId,
      "owner's password",
      undefined,
      community,
    );
    expect(viaCommunity.status).toBe(200);
    expect(
      (await loginFrom(app, from, me.emailId, "owner's password", viaCommunity.device)).status,
    ).toBe(200);
  });
});
