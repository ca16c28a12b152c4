import type { Locale } from "@kindred/shared";
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

type WelcomeWords = {
  subject: string;
  greeting: string;
  thanks: string;
  unsubscribe(url: string): string;
  footnote: string;
};

const WELCOME_WORDS: Record<Locale, WelcomeWords> = {
  en: {
    subject: `Welcome to the ${PRODUCT_NAME} newsletter`,
    greeting: "Hi,",
    thanks: `Thanks for subscribing to the ${PRODUCT_NAME} newsletter. We will write now and then about new features, events and people worth meeting.`,
    unsubscribe: (url) => `To unsubscribe at any time, open ${url}`,
    footnote:
      "You get this mail because this address was entered in the newsletter box on our website.",
  },
  es: {
    subject: `Te damos la bienvenida al boletín de ${PRODUCT_NAME}`,
    greeting: "Hola:",
    thanks: `Gracias por suscribirte al boletín de ${PRODUCT_NAME}. Te escribiremos de vez en cuando sobre novedades, eventos y gente que merece la pena conocer.`,
    unsubscribe: (url) => `Para darte de baja cuando quieras, abre ${url}`,
    footnote:
      "Recibes este correo porque se introdujo esta dirección en la casilla del boletín de nuestra web.",
  },
  ar: {
    subject: `مرحبًا بك في النشرة الإخبارية لـ ${PRODUCT_NAME}`,
    greeting: "مرحبًا،",
    thanks: `شكرًا لاشتراكك في النشرة الإخبارية لـ ${PRODUCT_NAME}. سنكتب إليك بين حين وآخر عن الميزات الجديدة والفعاليات وأشخاص يستحقون التعرّف إليهم.`,
    unsubscribe: (url) => `لإلغاء الاشتراك في أي وقت، افتح ${url}`,
    footnote: "تصلك هذه الرسالة لأن هذا العنوان أُدخل في خانة النشرة الإخبارية على موقعنا.",
  },
};

/**
 * Every newsletter mail carries its unsubscribe link. The welcome is in the language of the page
 * the address was entered on (there is no account to ask).
 */
export function welcomeNewsletterMail(
  to: string,
  unsubscribeUrl: string,
  locale: Locale = "en",
): MailMessage {
  const words = WELCOME_WORDS[locale];
  return {
    to,
    subject: words.subject,
    ...renderMail({
      greeting: words.greeting,
      paragraphs: [words.thanks, words.unsubscribe(unsubscribeUrl)],
      footnote: words.footnote,
      locale,
    }),
  };
}
