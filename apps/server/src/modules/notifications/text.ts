import type { Locale, NotificationKind } from "@kindred/shared";
import { arabicCount } from "../../i18n/arabic-count.ts";
import { translateMessage } from "../../i18n/messages.ts";

export type NotificationTextInput = {
  kind: NotificationKind;
  /** First names of the actors, most recent first (at least the first two are used). */
  actorNames: string[];
  /** How many actors there are in all (may exceed actorNames.length). */
  actorCount: number;
  /** Messages a `message` notification stands for (ignored for the other kinds). */
  messageCount?: number;
  /** A `moderation` notice's sentence, stored as the moderation module wrote it. */
  storedText?: string | null;
};

type Sentences = {
  /** Who did it, from the first names shown and how many there are. */
  who(names: string[], count: number): string;
  sentence(kind: NotificationKind, actors: string, many: boolean, messages: number): string;
};

/** "Ana", "Ana and Ben", "Ana and 3 others": who did it, by the first names shown. */
const english: Sentences = {
  who(names, count) {
    const first = names[0] ?? "Someone";
    if (count <= 1) return first;
    if (count === 2 && names[1]) return `${first} and ${names[1]}`;
    const others = count - 1;
    return `${first} and ${others} ${others === 1 ? "other" : "others"}`;
  },
  sentence(kind, actors, many, messages) {
    switch (kind) {
      case "request_received":
        return `${actors} ${many ? "want" : "wants"} to connect`;
      case "request_accepted":
        return `${actors} accepted your ${many ? "requests" : "request"}`;
      case "message":
        return messages > 1
          ? `${actors} sent you ${messages} messages`
          : `${actors} sent you a message`;
      case "event_reminder":
        return "An event you are going to starts soon";
      case "event_promoted":
        return "A place opened up: you are going to the event";
      case "event_cancelled":
        return "An event you were going to was cancelled";
      case "post_reply":
        return `${actors} replied to your post`;
      case "daily_picks":
        return "Your picks for today are ready";
      case "meetup_accepted":
        return `${actors} accepted your time to meet`;
      case "meetup_declined":
        return `${actors} declined your time to meet`;
      case "meetup_cancelled":
        return `${actors} cancelled your meet-up`;
      case "meetup_reminder":
        return `Your meet-up with ${actors} starts soon`;
      case "moderation":
        return "A moderator made a decision about your account";
    }
  },
};

const spanish: Sentences = {
  who(names, count) {
    const first = names[0] ?? "Alguien";
    if (count <= 1) return first;
    if (count === 2 && names[1]) return `${first} y ${names[1]}`;
    const others = count - 1;
    return others === 1 ? `${first} y otra persona` : `${first} y ${others} personas más`;
  },
  sentence(kind, actors, many, messages) {
    switch (kind) {
      case "request_received":
        return `${actors} ${many ? "quieren" : "quiere"} conectar contigo`;
      case "request_accepted":
        return many ? `${actors} aceptaron tus solicitudes` : `${actors} aceptó tu solicitud`;
      case "message": {
        const sent = many ? "te enviaron" : "te envió";
        return messages > 1
          ? `${actors} ${sent} ${messages} mensajes`
          : `${actors} ${sent} un mensaje`;
      }
      case "event_reminder":
        return "Un evento al que vas a ir empieza pronto";
      case "event_promoted":
        return "Se ha liberado una plaza: vas a ir al evento";
      case "event_cancelled":
        return "Se ha cancelado un evento al que ibas a ir";
      case "post_reply":
        return `${actors} ${many ? "respondieron" : "respondió"} a tu publicación`;
      case "daily_picks":
        return "Tus sugerencias de hoy están listas";
      case "meetup_accepted":
        return `${actors} aceptó la hora que propusiste para quedar`;
      case "meetup_declined":
        return `${actors} rechazó la hora que propusiste para quedar`;
      case "meetup_cancelled":
        return `${actors} canceló vuestro encuentro`;
      case "meetup_reminder":
        return `Tu encuentro con ${actors} empieza pronto`;
      case "moderation":
        return "Un moderador ha tomado una decisión sobre tu cuenta";
    }
  },
};

const arabic: Sentences = {
  who(names, count) {
    const first = names[0] ?? "شخص ما";
    if (count <= 1) return first;
    if (count === 2 && names[1]) return `${first} و${names[1]}`;
    const others = arabicCount(count - 1, {
      one: "شخص آخر",
      two: "شخصان آخران",
      few: "أشخاص آخرين",
      many: "شخصًا آخر",
    });
    return `${first} و${others}`;
  },
  sentence(kind, actors, many, messages) {
    switch (kind) {
      case "request_received":
        return `${actors} ${many ? "يريدون" : "يريد"} التواصل معك`;
      case "request_accepted":
        return many ? `${actors} قبلوا طلباتك` : `${actors} قبل طلبك`;
      case "message": {
        const sent = many ? "أرسلوا إليك" : "أرسل إليك";
        const count = arabicCount(messages, {
          one: "رسالة",
          two: "رسالتين",
          few: "رسائل",
          many: "رسالة",
        });
        return `${actors} ${sent} ${count}`;
      }
      case "event_reminder":
        return "فعالية ستحضرها تبدأ قريبًا";
      case "event_promoted":
        return "توفر مكان: أنت ذاهب إلى الفعالية";
      case "event_cancelled":
        return "أُلغيت فعالية كنت ستحضرها";
      case "post_reply":
        return `${actors} ${many ? "ردّوا" : "ردّ"} على منشورك`;
      case "daily_picks":
        return "اختياراتك لهذا اليوم جاهزة";
      case "meetup_accepted":
        return `${actors} قبل الوقت الذي اقترحته للقاء`;
      case "meetup_declined":
        return `${actors} رفض الوقت الذي اقترحته للقاء`;
      case "meetup_cancelled":
        return `${actors} ألغى لقاءكما`;
      case "meetup_reminder":
        return `لقاؤك مع ${actors} يبدأ قريبًا`;
      case "moderation":
        return "اتخذ أحد المشرفين قرارًا بشأن حسابك";
    }
  },
};

const SENTENCES: Record<Locale, Sentences> = { en: english, es: spanish, ar: arabic };

/**
 * The sentence the centre, the push and the mail show, in the recipient's language. Made when
 * read from the kind, the actors left and the counts, so a block or a deleted account changes
 * it; a moderation notice, which names no one, says what was stored with it (translated when it
 * is one of the catalogue's messages).
 */
export function notificationText(
  { kind, actorNames, actorCount, messageCount = 1, storedText }: NotificationTextInput,
  locale: Locale = "en",
): string {
  if (kind === "moderation" && storedText) return translateMessage(storedText, locale);
  const sentences = SENTENCES[locale];
  const actors = sentences.who(actorNames, actorCount);
  return sentences.sentence(kind, actors, actorCount > 1, messageCount);
}
