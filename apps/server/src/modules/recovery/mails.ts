import { OTP_TTL_MINUTES } from "@kindred/shared";
import type { MailMessage } from "../mail/mailer.ts";
import { accountChangeNotice, PRODUCT_NAME, renderMail } from "../mail/template.ts";

export function codeMail(to: string, firstName: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} password reset code: ${code}`,
    ...renderMail({
      greeting: `Hi ${firstName},`,
      paragraphs: [
        `Use this code to reset your ${PRODUCT_NAME} password. It works once, within ${OTP_TTL_MINUTES} minutes:`,
        "If you did not ask to reset your password, ignore this email: your password stays as it is.",
      ],
      code,
      footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
    }),
  };
}

/** Sent when the address has no account: the person learns it, the asker learns nothing. */
export function noAccountMail(to: string, publicOrigin: string): MailMessage {
  return {
    to,
    subject: `${PRODUCT_NAME} password reset`,
    ...renderMail({
      greeting: "Hi,",
      paragraphs: [
        `Someone, probably you, asked to reset the password of a ${PRODUCT_NAME} account for this email address, but no ${PRODUCT_NAME} account uses it.`,
        `If you signed up with another address, ask again with that one. To create an account, go to ${publicOrigin}/signup.`,
      ],
      footnote: "If it was not you, ignore this email.",
    }),
  };
}

export function passwordChangedMail(
  to: string,
  firstName: string,
  publicOrigin: string,
  supportEmail: string,
): MailMessage {
  return accountChangeNotice({
    to,
    firstName,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    happened: `The password of your ${PRODUCT_NAME} account was just changed, and every device signed in to it was signed out.`,
    publicOrigin,
    supportEmail,
  });
}
