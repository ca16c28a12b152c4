import type { EventDetail, EventListItem } from "@kindred/shared";
import { STORAGE_KEYS } from "@/config/ui.ts";

/**
 * What the events' component tests share: a stored community token the client can read (the
 * server checks the signature, the client never does), events as the API answers them, and
 * jsdom's missing dialog methods.
 */
export function storeMemberToken(id = "m-1", uname = "Ada"): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = `${part({ alg: "HS256", typ: "JWT" })}.${part({ id, uname, ver: 0, exp })}.signature`;
  window.localStorage.setItem(STORAGE_KEYS.communityToken, token);
  return token;
}

const DAY = 86_400_000;

export function listEvent(overrides: Partial<EventListItem> = {}): EventListItem {
  const start = Date.now() + 3 * DAY;
  return {
    _id: "e-1",
    title: "Graph algorithms study night",
    description: "Bring a laptop.",
    date: new Date(start).toISOString(),
    endDate: new Date(start + 2 * 3_600_000).toISOString(),
    location: "Library, room 4",
    u_id: "host-1",
    utcOffset: "Z",
    capacity: null,
    going: 1,
    cancelledAt: null,
    groupId: null,
    ...overrides,
  };
}

export function eventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...listEvent(),
    host: { _id: "host-1", name: "Grace Hopper" },
    waitlisted: 0,
    myRsvp: "not_going",
    myPosition: null,
    attendees: [{ _id: "host-1", name: "Grace Hopper" }],
    ...overrides,
  };
}

/** jsdom has no modal dialogs; the confirm dialogs need these two. */
export function stubDialogs() {
  HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
