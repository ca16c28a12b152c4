import { EMAIL_VERIFICATION_TTL_MINUTES, VERIFY_EMAIL_PATH } from "@kindred/shared";
import type { MailMessage } from "../mail/mailer.ts";
import { accountChangeNotice, PRODUCT_NAME, renderMail } from "../mail/template.ts";

/** The link that verifies in one click, signed in or not. */
export function verifyLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

/** A code and a link for the address being verified: a new account's, or a new one. */
export function verificationMail(
  to: string,
  firstName: string,
  code: string,
  link: string,
  change: boolean,
): MailMessage {
  const why = change
    ? `Use this code to make this address the email of your ${PRODUCT_NAME} account.`
    : `Welcome to ${PRODUCT_NAME}! Use this code to verify your email address.`;
  return {
    to,
    subject: `Your ${PRODUCT_NAME} verification code: ${code}`,
    ...renderMail({
      greeting: `Hi ${firstName},`,
      paragraphs: [
        `${why} It works once, within ${EMAIL_VERIFICATION_TTL_MINUTES / 60} hour:`,
        `Or open this link to verify in one click: ${link}`,
        change
          ? "If you did not ask for this, ignore this email: nothing changes."
          : `If you did not sign up for ${PRODUCT_NAME}, ignore this email.`,
      ],
      code,
      footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
    }),
  };
}

/** Told to the old address once the new one is verified. */
export function emailChangedMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  supportEmail: string,
): MailMessage {
  return accountChangeNotice({
    to,
    firstName,
    subject: `Your ${PRODUCT_NAME} email was changed`,
    happened: `The email of your ${PRODUCT_NAME} account was just changed, so we will no longer write to this address.`,
    publicOrigin,
    supportEmail,
  });
}
