// What the benchmarks' clients share: cookies, signing up, and the ws package's
// WebSocket (the server's own dependency), typed for what they use of it.
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";

/** One cookie's value from an answer's Set-Cookie headers. */
export function cookieValue(response: Response, name: string): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [key, value] = (pair ?? "").split("=");
    if (key === name) return value;
  }
  return undefined;
}

export type ClientSocket = {
  readonly readyState: number;
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
};

export const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;

/** The XSRF-TOKEN cookie a GET hands out (from /api/health, the cheapest). */
export async function xsrfOf(base: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  await health.arrayBuffer();
  const xsrf = cookieValue(health, "XSRF-TOKEN");
  if (!xsrf) throw new Error("no XSRF-TOKEN cookie");
  return xsrf;
}

/**
 * The robot check's fields as the web app sends them: a challenge from GET /api/altcha solved
 * here (the benchmarks start their servers with a light ALTCHA_MAX_NUMBER) and the empty honeypot.
 */
export async function botCheckOverHttp(base: string): Promise<{ altcha: string; website: string }> {
  const response = await fetch(`${base}/api/altcha`);
  if (response.status !== 200) throw new Error(`GET /api/altcha answered ${response.status}`);
  const challenge = (await response.json()) as Parameters<typeof solveChallenge>[0]["challenge"];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the altcha challenge");
  return {
    altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"),
    website: "",
  };
}

/** The server settings that keep the robot check light for a benchmark's many sign-ups. */
export const LIGHT_BOT_CHECK_ENV = {
  ALTCHA_MAX_NUMBER: "1000",
  RATE_LIMIT_ALTCHA_PER_IP: "1000000",
} as const;

/** A person signed up over HTTP as the web app does: the cookies to send as them, and their id. */
export type SignedUp = { userId: string; emailId: string; cookie: string; xsrf: string };

/** Signs a person up (a unique address from `emailPrefix`); throws unless the answer is a 201. */
export async function signUpOverHttp(
  base: string,
  person: {
    firstName: string;
    lastName: string;
    emailPrefix: string;
    password: string;
    skills: string[];
    age?: number;
  },
): Promise<SignedUp> {
  const xsrf = await xsrfOf(base);
  const { emailPrefix, ...fields } = person;
  const emailId = `${emailPrefix}-${randomBytes(4).toString("hex")}@example.com`;
  const response = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
    },
    body: JSON.stringify({ ...fields, emailId, ...(await botCheckOverHttp(base)) }),
  });
  const text = await response.text();
  const token = cookieValue(response, "token");
  const userId = (JSON.parse(text || "{}") as { data?: { _id?: string } }).data?._id;
  if (response.status !== 201 || !token || !userId) {
    throw new Error(`signup answered ${response.status}: ${text}`);
  }
  return { userId, emailId, cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, xsrf };
}
