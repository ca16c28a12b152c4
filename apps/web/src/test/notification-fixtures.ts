import type { Card, Notification, NotificationSettings } from "@kindred/shared";
import { NOTIFICATION_SETTING_KINDS } from "@kindred/shared";

/** Test data: a person's card named after the first name. */
export function actor(id: string, firstName: string): Card {
  return {
    _id: id,
    firstName,
    lastName: "Actor",
    photoUrl: `/api/avatars/${id}.svg`,
    photo: null,
    age: null,
    gender: null,
    about: "",
    skills: [],
    learning: [],
    campus: null,
  };
}

/** Test data: an unread request notification unless told otherwise. */
export function notification(id: string, fields: Partial<Notification> = {}): Notification {
  const ana = actor(`a-${id}`, "Ana");
  return {
    _id: id,
    kind: "request_received",
    actors: [ana],
    actorCount: 1,
    subject: { type: "request", _id: `s-${id}` },
    text: `Notification ${id}`,
    url: "/requests",
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    ...fields,
  };
}

/** Every kind with both channels on, as a new account has them. */
export function allOn(): NotificationSettings {
  return Object.fromEntries(
    NOTIFICATION_SETTING_KINDS.map((kind) => [kind, { push: true, email: true }]),
  ) as NotificationSettings;
}
