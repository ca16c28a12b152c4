import { dirOf, type Locale } from "@kindred/shared";

export const PRODUCT_NAME = "Kindred";

export type MailContent = { text: string; html: string };

export type TemplateInput = {
  /** First line of the body, e.g. "Hi Ana,". */
  greeting: string;
  /** Paragraphs of plain text; escaped in the HTML part. */
  paragraphs: string[];
  /** A code shown large and on its own line, when the mail carries one. */
  code?: string;
  /** Small print under the body, e.g. why the reader got this mail. */
  footnote?: string;
  /** The reader's language, for `<html lang dir>` (the words are given already written in it). */
  locale?: Locale;
};

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** One layout for every mail: the same words as plain text and as simple, inline-styled HTML. */
export function renderMail(input: TemplateInput): MailContent {
  const locale = input.locale ?? "en";
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((paragraph, index) =>
      index === 0 && input.code ? [paragraph, "", `    ${input.code}`, ""] : [paragraph, ""],
    ),
    ...(input.footnote ? [input.footnote, ""] : []),
    `— ${PRODUCT_NAME}`,
  ].join("\n");

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(content)}</p>`;
  const code = input.code
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace;color:#111827">${escapeHtml(input.code)}</p>`
    : "";
  const body = input.paragraphs
    .map((content, index) => (index === 0 ? paragraph(content) + code : paragraph(content)))
    .join("");
  const footnote = input.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(input.footnote)}</p>`
    : "";

  const html = `<!doctype html>
<html lang="${locale}" dir="${dirOf(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${PRODUCT_NAME}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#4f46e5">${PRODUCT_NAME}</p>
${paragraph(input.greeting)}
${body}
${footnote}
</div>
</body>
</html>`;
  return { text, html };
}

type AccountChangeWords = {
  greeting(firstName: string): string;
  ifNotYou(publicOrigin: string, supportEmail: string): string;
};

const ACCOUNT_CHANGE_WORDS: Record<Locale, AccountChangeWords> = {
  en: {
    greeting: (firstName) => `Hi ${firstName},`,
    ifNotYou: (origin, support) =>
      `If this was not you, reset your password at once at ${origin}/forget-password and write to ${support}.`,
  },
  es: {
    greeting: (firstName) => `Hola, ${firstName}:`,
    ifNotYou: (origin, support) =>
      `Si no has sido tú, restablece tu contraseña enseguida en ${origin}/forget-password y escribe a ${support}.`,
  },
  ar: {
    greeting: (firstName) => `مرحبًا ${firstName}،`,
    ifNotYou: (origin, support) =>
      `إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا من ${origin}/forget-password واكتب إلى ${support}.`,
  },
};

/**
 * A change to the account told to its owner (a new password, a new address), with what to do if
 * it was not them: reset the password, and write to support. `subject` and `happened` come
 * written in `locale` already.
 */
export function accountChangeNotice(notice: {
  to: string;
  firstName: string;
  subject: string;
  happened: string;
  publicOrigin: string;
  supportEmail: string;
  locale?: Locale;
}): { to: string; subject: string } & MailContent {
  const locale = notice.locale ?? "en";
  const words = ACCOUNT_CHANGE_WORDS[locale];
  return {
    to: notice.to,
    subject: notice.subject,
    ...renderMail({
      greeting: words.greeting(notice.firstName),
      paragraphs: [notice.happened, words.ifNotYou(notice.publicOrigin, notice.supportEmail)],
      locale,
    }),
  };
}
