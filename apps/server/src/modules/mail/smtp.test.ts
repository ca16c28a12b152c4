import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  forgotPassword,
  signUpUser,
  uniqueEmail,
  verifyCode,
} from "../../../test/helpers.ts";

type Received = { from: string; to: string[]; raw: string };

/** A small SMTP server inside the test: it keeps every message it is given. */
async function startSmtpServer(reject = false) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (reject) {
          callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Decodes quoted-printable soft breaks and escapes enough to read a part's text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("mail over SMTP (SMTP_URL set)", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ smtpUrl: smtp.url, mailFrom: "Kindred <no-reply@kindred.test>" });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("delivers the recovery code from MAIL_FROM with a plain-text and an HTML part", async () => {
    const email = uniqueEmail();
    // Unverified: the verification mail went by SMTP too, not to the outbox the helper reads.
    await signUpUser(app, { emailId: email, firstName: "Ana & <Bo>" }, { verified: false });
    const response = await forgotPassword(app, email);
    expect(response.statusCode).toBe(200);

    // The sign-up's verification code came first; the reset code is the one other message.
    const resets = smtp.received.filter((mail) => /password reset code/.test(mail.raw));
    expect(resets).toHaveLength(1);
    expect(smtp.received.filter((mail) => /verification code/.test(mail.raw))).toHaveLength(1);
    const [message] = resets;
    expect(message?.from).toBe("no-reply@kindred.test");
    expect(message?.to).toEqual([email]);
    const raw = message?.raw ?? "";
    expect(raw).toMatch(/^From: Kindred <no-reply@kindred\.test>$/m);
    expect(raw).toMatch(/^Subject: Your Kindred password reset code: \d{6}$/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);

    const parts = raw.split(/^--[^\r\n]+$/m);
    const text = decodeQuotedPrintable(
      parts.find((p) => /Content-Type: text\/plain/.test(p)) ?? "",
    );
    const html = decodeQuotedPrintable(parts.find((p) => /Content-Type: text\/html/.test(p)) ?? "");
    const code = text.match(/^\s+(\d{6})\s*$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(raw).toContain(`Subject: Your Kindred password reset code: ${code}`);
    expect(html).toContain(`>${code}</p>`);
    expect(text).toContain("Hi Ana & <Bo>,");
    expect(html).toContain("Hi Ana &amp; &lt;Bo&gt;,");

    // The code that arrived by SMTP is the one the server accepts.
    const verify = await verifyCode(app, email, code ?? "");
    expect(verify.statusCode).toBe(200);
  });
});

describe("a mail server that fails", () => {
  it("answers 503 MAIL_UNAVAILABLE with a request id and no internals when SMTP is down", async () => {
    const app = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const email = uniqueEmail();
      await signUpUser(app, { emailId: email }, { verified: false });
      const response = await forgotPassword(app, email);
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body).toEqual({
        status: 0,
        code: "MAIL_UNAVAILABLE",
        message: "We could not send the email right now. Please try again in a few minutes.",
        requestId: response.headers["x-request-id"],
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|at .*\.ts|stack/i);
    } finally {
      await app.close();
    }
  });

  it("answers 503 when the server refuses the message", async () => {
    const smtp = await startSmtpServer(true);
    const app = await createTestApp({ smtpUrl: smtp.url });
    try {
      const response = await forgotPassword(app, uniqueEmail());
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe("MAIL_UNAVAILABLE");
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
