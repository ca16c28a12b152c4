import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { Config } from "../src/config.ts";
import { anonymousHeaders, createTestApp, signUpUser, uniqueEmail } from "./helpers.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const opened: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(opened.map((app) => app.close()));
});

async function appWith(overrides: Partial<Config>): Promise<FastifyInstance> {
  const app = await createTestApp(overrides);
  opened.push(app);
  return app;
}

function limits(perEmail: number, perIp: number): Config["rateLimits"] {
  return {
    loginPerEmail: { max: perEmail, windowMs: 15 * 60_000 },
    loginPerIp: { max: perIp, windowMs: 15 * 60_000 },
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
  const base = (perEmail: number, perIp: number): Partial<Config> => ({
    rateLimits: limits(perEmail, perIp),
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

  it("counts failures, and a success clears the email's count", async () => {
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
    const app = await createTestApp({
      trustProxy: ["127.0.0.1", "10.0.0.0/8"],
      rateLimits: limits(1000, 2),
    });
    opened.push(app);
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
