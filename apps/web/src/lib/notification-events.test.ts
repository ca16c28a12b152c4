import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { notification } from "@/test/notification-fixtures.ts";
import { createTestQueryClient } from "@/test/query-client.tsx";
import { applyNotificationEvent, type NotificationsCache } from "./notification-events.ts";
import { mutationKeys, queryKeys } from "./query-client.ts";

function cached(...pages: string[][]): NotificationsCache {
  return {
    pages: pages.map((ids, index) => ({
      notifications: ids.map((id) => notification(id)),
      nextCursor: index < pages.length - 1 ? `c${index}` : null,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
  };
}

const ids = (client: QueryClient) =>
  client
    .getQueryData<NotificationsCache>(queryKeys.notifications)
    ?.pages.map((page) => page.notifications.map((n) => n._id));

describe("applyNotificationEvent", () => {
  it("keeps the Requests badge an accept on its way has moved, and takes the rest", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.unread, { notifications: 0, requests: 1, messages: 0 });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const review = queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: mutationKeys.reviewRequest, mutationFn: () => answered })
      .execute(undefined);

    // Sent before the server had the accept: it still counts two requests.
    const counts = { notifications: 3, requests: 2, messages: 1 };
    applyNotificationEvent(queryClient, { type: "unread", data: counts });
    expect(queryClient.getQueryData(queryKeys.unread)).toEqual({ ...counts, requests: 1 });

    answer();
    await review;
    applyNotificationEvent(queryClient, { type: "unread", data: counts });
    expect(queryClient.getQueryData(queryKeys.unread)).toEqual(counts);
  });

  it("puts a new notification on top and moves a grown one there, once", () => {
    const client = createTestQueryClient();
    client.setQueryData(queryKeys.notifications, cached(["n3", "n2"], ["n1"]));
    applyNotificationEvent(client, { type: "notification", notification: notification("n4") });
    expect(ids(client)).toEqual([["n4", "n3", "n2"], ["n1"]]);

    const grown = notification("n1", { text: "Ana and Ben want to connect" });
    applyNotificationEvent(client, { type: "notification", notification: grown });
    expect(ids(client)).toEqual([["n1", "n4", "n3", "n2"], []]);
    expect(
      client.getQueryData<NotificationsCache>(queryKeys.notifications)?.pages[0]?.notifications[0]
        ?.text,
    ).toBe("Ana and Ben want to connect");
  });

  it("leaves a list nobody loaded alone and sets the badges", () => {
    const client = createTestQueryClient();
    applyNotificationEvent(client, { type: "notification", notification: notification("n1") });
    expect(client.getQueryData(queryKeys.notifications)).toBeUndefined();
    applyNotificationEvent(client, {
      type: "unread",
      data: { notifications: 1, requests: 2, messages: 3 },
    });
    expect(client.getQueryData(queryKeys.unread)).toEqual({
      notifications: 1,
      requests: 2,
      messages: 3,
    });
  });
});
