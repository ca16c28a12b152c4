// What the benchmarks' clients share: cookies, signing up, and the ws package's
// WebSocket (the server's own dependency), typed for what they use of it.
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
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
  /** The outboxes (DATA_DIR/outbox) the server writes to: the sign-up's code is read there. */
  outboxDirs?: string[],
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
  const signedUp = { userId, emailId, cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, xsrf };
  if (outboxDirs) await verifyEmailOverHttp(base, signedUp, outboxDirs);
  return signedUp;
}

/** The code of the newest verification mail to `emailId` in the outboxes, waited for (5 s). */
async function verificationCodeIn(outboxDirs: string[], emailId: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    for (const dir of outboxDirs) {
      const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
      for (const name of names.filter((n) => n.endsWith(".json"))) {
        const mail = JSON.parse(await readFile(path.join(dir, name), "utf8")) as {
          to: string;
          subject: string;
        };
        const code = /verification code: (\d{6})$/.exec(mail.subject)?.[1];
        if (mail.to === emailId && code) return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification code was mailed to ${emailId}`);
}

/**
 * Verifies a new person's email with the code from the outbox, as they would from the mail:
 * until then, their writes that reach others answer 403 EMAIL_UNVERIFIED.
 */
export async function verifyEmailOverHttp(
  base: string,
  person: Pick<SignedUp, "emailId" | "cookie" | "xsrf">,
  outboxDirs: string[],
): Promise<void> {
  const code = await verificationCodeIn(outboxDirs, person.emailId);
  const response = await fetch(`${base}/api/email/verify`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: person.cookie,
      "x-xsrf-token": person.xsrf,
    },
    body: JSON.stringify({ code }),
  });
  if (response.status !== 200) {
    throw new Error(
      `verifying ${person.emailId} answered ${response.status}: ${await response.text()}`,
    );
  }
  await response.arrayBuffer();
}
