import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. List-Unsubscribe on a digest. */
  headers?: Record<string, string>;
};

/** What the outbox keeps for each message, one JSON file each. */
export type OutboxEntry = MailMessage & { createdAt: string };

export type Mailer = {
  kind: "smtp" | "outbox";
  /** Delivers one message; rejects when it could not be handed over. */
  send: (message: MailMessage, log: FastifyBaseLogger) => Promise<void>;
  close: () => Promise<void>;
};

export type MailerOptions = {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  now: () => Date;
};

/** SMTP_URL set: nodemailer over SMTP. Unset: one JSON file per message in the outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    // nodemailer waits minutes by default; a person is waiting on the answer.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: "smtp",
    async send(message, log) {
      const info = await transport.sendMail({ from, ...message });
      log.info(
        { mailTo: message.to, messageId: info.messageId },
        `mail sent: "${message.subject}"`,
      );
    },
    async close() {
      transport.close();
    },
  };
}

function outboxMailer({ outboxDir, now }: MailerOptions): Mailer {
  // Names sort in sending order, even for messages written within one millisecond.
  let sequence = 0;
  return {
    kind: "outbox",
    async send(message, log) {
      const createdAt = now();
      const entry: OutboxEntry = { ...message, createdAt: createdAt.toISOString() };
      sequence += 1;
      const stamp = createdAt.toISOString().replace(/[:.]/g, "-");
      const name = `${stamp}-${String(sequence).padStart(6, "0")}-${randomBytes(3).toString("hex")}.json`;
      const file = path.join(outboxDir, name);
      await mkdir(outboxDir, { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      await writeFile(`${file}.tmp`, `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      log.info(
        { mailTo: message.to, file },
        `mail to ${message.to}: "${message.subject}" written to ${file}`,
      );
    },
    async close() {},
  };
}
