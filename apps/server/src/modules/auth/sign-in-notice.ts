import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";
import { describeDevice } from "../sessions/device.ts";
import { type LoginAccount, markDeviceKnown, trustedDevice } from "./login-throttle.ts";

type SignedInUser = LoginAccount & { email: string; firstName: string };

/**
 * After any sign-in (password, passkey, two-step code): from a browser that never signed in to
 * this account (no valid device cookie, see login-throttle.ts), mails "A new sign-in to your
 * account" and marks the browser known. Sign-up marks its browser too, so the first sign-in
 * after it sends nothing. A security mail: it goes whatever the person's mail settings; a mail
 * that fails is logged and the sign-in stands.
 */
export async function noteSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: SignedInUser,
): Promise<void> {
  if (trustedDevice(request, user)) return;
  markDeviceKnown(reply, user);
  const { browser, os } = describeDevice(request.headers["user-agent"]);
  try {
    await app.sendMail(
      request,
      newSignInMail(user.email, user.firstName, app.config.publicOrigin, {
        browser: browser ?? "Unknown browser",
        os: os ?? "an unknown system",
        at: app.now(),
      }),
    );
  } catch {
    // Already logged with the request id; the sign-in itself went well.
  }
}

export const NEW_SIGN_IN_SUBJECT = `A new sign-in to your ${PRODUCT_NAME} account`;

export function newSignInMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  device: { browser: string; os: string; at: Date },
): MailMessage {
  const when = device.at.toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return {
    to,
    subject: NEW_SIGN_IN_SUBJECT,
    ...renderMail({
      greeting: `Hi ${firstName},`,
      paragraphs: [
        `Your ${PRODUCT_NAME} account was just signed in to from a device it has not seen before: ${device.browser} on ${device.os}, on ${when} UTC.`,
        `If this was you, there is nothing to do. If not, sign that device out at ${publicOrigin}/settings#devices and change your password.`,
      ],
    }),
  };
}
