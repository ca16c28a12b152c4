import { t } from "@lingui/core/macro";
import { env } from "@/config/env.ts";
import { ApiError } from "@/lib/api-client.ts";
import { bearer, COMMUNITY_PATH } from "./community-request.ts";

/** Where an event's .ics file is (it needs the community token, so a plain link cannot fetch it). */
export function eventCalendarPath(id: string): string {
  return `${COMMUNITY_PATH}/event/${encodeURIComponent(id)}/calendar.ics`;
}

/**
 * The event's .ics file as a Blob. apiClient reads answers as JSON, and this one is
 * `text/calendar`, so this GET (no body, no XSRF header needed) calls fetch itself; failures
 * become the same ApiError the client throws.
 */
export async function getEventCalendarFile(token: string, id: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${eventCalendarPath(id)}`, {
      headers: bearer(token),
      credentials: "include",
    });
  } catch {
    throw new ApiError(0, undefined, t`Network error: check your connection and try again.`);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body, response.statusText || t`Something went wrong`);
  }
  return response.blob();
}

/** Saves the event's .ics file, which the browser or the calendar app then opens. */
export async function downloadEventCalendar(token: string, id: string, name: string) {
  const file = await getEventCalendarFile(token, id);
  const url = URL.createObjectURL(new Blob([file], { type: "text/calendar" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${
    name
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "event"
  }.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
