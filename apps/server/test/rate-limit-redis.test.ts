import { describe, expect, it } from "vitest";
import { anonymousHeaders, createTestApp, uniqueEmail } from "./helpers.ts";

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)("rate limits with REDIS_URL", () => {
  it("shares the counters between app instances", async () => {
    const limits = {
      loginPerAccountAndIp: { max: 2, windowMs: 60_000 },
      loginPerAccount: { max: 1000, windowMs: 60_000 },
      loginPerDevice: { max: 1000, windowMs: 60_000 },
      loginPerIp: { max: 1000, windowMs: 60_000 },
      signupPerIp: { max: 1000, windowMs: 60_000 },
    };
    const first = await createTestApp({ redisUrl, rateLimits: limits });
    const second = await createTestApp({ redisUrl, rateLimits: limits });
    try {
      const payload = { emailId: uniqueEmail(), password: "guess-guess" };
      for (const app of [first, first, second]) {
        const response = await app.inject({
          method: "POST",
          url: "/api/login",
          headers: await anonymousHeaders(app),
          payload,
        });
        expect(response.statusCode).toBe(app === second ? 429 : 401);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
