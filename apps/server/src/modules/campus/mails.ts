import { CAMPUS_CODE_TTL_MINUTES } from "@kindred/shared";
import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";

/** The code that proves a university address; the subject names it apart from the account's. */
export function campusCodeMail(
  to: string,
  firstName: string,
  university: string,
  code: string,
): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} university email code: ${code}`,
    ...renderMail({
      greeting: `Hi ${firstName},`,
      paragraphs: [
        `Use this code to verify your university email on ${PRODUCT_NAME}. It works once, within ${CAMPUS_CODE_TTL_MINUTES / 60} hour:`,
        `Once it is verified, your card shows ${university}. This address itself is never shown to anyone.`,
        "If you did not ask for this, ignore this email: nothing changes.",
      ],
      code,
      footnote: `Never share this code. ${PRODUCT_NAME} will never ask you for it.`,
    }),
  };
}
