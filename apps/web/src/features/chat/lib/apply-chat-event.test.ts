import type { ChatMessage, ChatPage, Conversation } from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import { chatContact, chatMessage } from "@/test/chat-fixtures.ts";
import { createTestQueryClient } from "@/test/query-client.tsx";
import { applyChatEvent, forgetNewestMessage, newestMessageId } from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";

const ME = "me";

const contact = (id: string) => chatContact(id);

function message(id: string, from: string, to: string, at: string): ChatMessage {
  return chatMessage({ _id: id, fromUserId: from, toUserId: to, createdAt: at });
}

let queryClient: QueryClient;
beforeEach(() => {
  forgetNewestMessage();
  queryClient = createTestQueryClient();
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [
    { user: contact("ana"), lastMessage: null, unread: 0, online: false },
    { user: contact("ben"), lastMessage: null, unread: 0, online: false },
  ]);
  queryClient.setQueryData<ChatPage>(chatKeys.messages("ben"), {
    messages: [],
    nextBefore: null,
    nextAfter: null,
  });
});

const rows = () => queryClient.getQueryData<Conversation[]>(chatKeys.conversations) ?? [];

describe("applyChatEvent", () => {
  it("adds a message once, counts it unread once and moves its conversation to the top", () => {
    const incoming = message("m1", "ben", ME, "2026-11-22T10:00:00.000Z");
    applyChatEvent(queryClient, ME, { type: "message", message: incoming });
    // The same message again (live and from a resume) changes nothing.
    applyChatEvent(queryClient, ME, { type: "message", message: incoming });
    expect(rows().map((row) => row.user._id)).toEqual(["ben", "ana"]);
    expect(rows()[0]).toMatchObject({ unread: 1, lastMessage: incoming });
    expect(queryClient.getQueryData<ChatPage>(chatKeys.messages("ben"))?.messages).toEqual([
      incoming,
    ]);
    expect(newestMessageId()).toBe("m1");
  });

  it("does not count my own messages as unread", () => {
    const mine = message("m2", ME, "ana", "2026-11-22T10:01:00.000Z");
    applyChatEvent(queryClient, ME, { type: "message", message: mine });
    expect(rows()[0]).toMatchObject({ user: { _id: "ana" }, unread: 0, lastMessage: mine });
  });

  it("clears the count when I read elsewhere, follows presence and drops a closed conversation", () => {
    applyChatEvent(queryClient, ME, {
      type: "message",
      message: message("m3", "ana", ME, "2026-11-22T10:02:00.000Z"),
    });
    applyChatEvent(queryClient, ME, {
      type: "read",
      byUserId: ME,
      withUserId: "ana",
      messageId: "m3",
    });
    expect(rows().find((row) => row.user._id === "ana")?.unread).toBe(0);

    applyChatEvent(queryClient, ME, { type: "presence", userId: "ben", online: true });
    expect(rows().find((row) => row.user._id === "ben")?.online).toBe(true);

    applyChatEvent(queryClient, ME, { type: "closed", userId: "ben" });
    expect(rows().map((row) => row.user._id)).toEqual(["ana"]);
    expect(queryClient.getQueryData(chatKeys.messages("ben"))).toBeUndefined();
  });
});

describe("applyChatEvent: changes to stored messages", () => {
  const history = () =>
    queryClient.getQueryData<ChatPage>(chatKeys.messages("ben"))?.messages ?? [];
  const mine = message("m1", ME, "ben", "2026-11-22T10:00:00.000Z");
  const theirs = {
    ...message("m2", "ben", ME, "2026-11-22T10:01:00.000Z"),
    replyTo: { _id: "m1", fromUserId: ME, excerpt: "text m1", deleted: false, photos: 0 },
  };
  beforeEach(() => {
    applyChatEvent(queryClient, ME, { type: "message", message: mine });
    applyChatEvent(queryClient, ME, { type: "message", message: theirs });
  });
  const ids = { messageId: "m1", fromUserId: ME, toUserId: "ben" };

  it("shows an edit in the message and in the replies that quote it", () => {
    applyChatEvent(queryClient, ME, {
      type: "edited",
      ...ids,
      text: "fixed\nsecond line",
      editedAt: "2026-11-22T10:02:00.000Z",
    });
    expect(history()[0]).toMatchObject({
      text: "fixed\nsecond line",
      editedAt: expect.any(String),
    });
    expect(history()[1]?.replyTo?.excerpt).toBe("fixed");
  });

  it("a stale copy of a message (the send's late answer) does not undo an edit or Seen", () => {
    applyChatEvent(queryClient, ME, {
      type: "edited",
      ...ids,
      text: "fixed",
      editedAt: "2026-11-22T10:02:00.000Z",
    });
    applyChatEvent(queryClient, ME, { type: "seen", userId: "ben", messageId: "m1" });
    applyChatEvent(queryClient, ME, { type: "message", message: mine });
    expect(history()[0]).toMatchObject({ text: "fixed", readByOther: true });
  });

  it("a deletion empties the message and turns its quotes into 'deleted'", () => {
    applyChatEvent(queryClient, ME, {
      type: "deleted",
      ...ids,
      deletedAt: "2026-11-22T10:03:00.000Z",
    });
    expect(history()[0]).toMatchObject({ text: "", deletedAt: expect.any(String), photos: [] });
    expect(history()[1]?.replyTo).toMatchObject({ deleted: true, excerpt: "" });
  });

  it("counts reactions with whether I am among them", () => {
    applyChatEvent(queryClient, ME, {
      type: "reactions",
      messageId: "m2",
      fromUserId: "ben",
      toUserId: ME,
      reactions: [
        { emoji: "❤️", userIds: ["ben", ME] },
        { emoji: "😂", userIds: ["ben"] },
      ],
    });
    expect(history()[1]?.reactions).toEqual([
      { emoji: "❤️", count: 2, mine: true },
      { emoji: "😂", count: 1, mine: false },
    ]);
  });

  it("marks my messages up to the one read as seen, not theirs", () => {
    applyChatEvent(queryClient, ME, { type: "seen", userId: "ben", messageId: "m2" });
    expect(history().map((m) => m.readByOther)).toEqual([true, false]);
  });
});
