import type { MailMessage } from "../mail/mailer.ts";
import { PRODUCT_NAME, renderMail } from "../mail/template.ts";

type Submission = {
  kind: "Support ticket" | "Contact message";
  name: string;
  email: string;
  message: string;
  topic?: string;
};

/** What reaches the support mailbox; the sender's text goes in as text (escaped in the HTML). */
export function submissionMail(supportEmail: string, submission: Submission): MailMessage {
  const topic = submission.topic ? ` [${submission.topic}]` : "";
  return {
    to: supportEmail,
    subject: `${submission.kind}${topic} from ${submission.name}`,
    ...renderMail({
      greeting: `${submission.kind} from ${submission.name} <${submission.email}>${topic}`,
      paragraphs: submission.message.split(/\n{2,}/),
      footnote: `Reply to ${submission.email} to answer. Sent from the ${PRODUCT_NAME} website form.`,
    }),
  };
}

export function newSubscriberMail(supportEmail: string, email: string): MailMessage {
  return {
    to: supportEmail,
    subject: `New newsletter subscriber: ${email}`,
    ...renderMail({
      greeting: "Hi,",
      paragraphs: [`${email} subscribed to the ${PRODUCT_NAME} newsletter.`],
    }),
  };
}

/** Every newsletter mail carries its unsubscribe link. */
export function welcomeNewsletterMail(to: string, unsubscribeUrl: string): MailMessage {
  return {
    to,
    subject: `Welcome to the ${PRODUCT_NAME} newsletter`,
    ...renderMail({
      greeting: "Hi,",
      paragraphs: [
        `Thanks for subscribing to the ${PRODUCT_NAME} newsletter. We will write now and then about new features, events and people worth meeting.`,
        `To unsubscribe at any time, open ${unsubscribeUrl}`,
      ],
      footnote:
        "You get this mail because this address was entered in the newsletter box on our website.",
    }),
  };
}
