import type { ChatMessage, ChatPage, Conversation } from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { chatContact, chatMessage } from "@/test/chat-fixtures.ts";
import { deferred, type FetchCall, mockFetch, ok, type Reply } from "@/test/mock-fetch.ts";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import { sampleMe } from "@/test/render.tsx";
import { applyChatEvent } from "../lib/apply-chat-event.ts";
import { chatKeys } from "../lib/chat-keys.ts";
import { claimOutbox, saveDraft } from "../lib/outbox.ts";
import { ConversationView } from "./conversation-view.tsx";

const ME = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";

const conversation: Conversation = {
  user: chatContact(BEN, "Ben"),
  lastMessage: null,
  unread: 0,
  online: false,
};

let queryClient: QueryClient;
beforeEach(() => {
  sessionStorage.clear();
  queryClient = createTestQueryClient();
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [conversation]);
});

function renderConversation(open: Conversation = conversation) {
  renderWithQueryClient(
    <MemoryRouter>
      <ConversationView conversation={open} meId={ME} onAction={() => {}} onBlocked={() => {}} />
    </MemoryRouter>,
    { queryClient },
  );
  return screen.getByRole("region", { name: "Conversation with Ben" });
}

/**
 * Ben's history: the first read answers only when the test answers the returned reply, the later
 * ones at once with `later`. `rest` answers every other call.
 */
function serveHistory(later: ChatMessage[], rest: (call: FetchCall) => Reply | undefined) {
  const firstHistory = deferred();
  let historyRequests = 0;
  mockFetch((call) => {
    if (call.method === "GET" && call.path === `/chat/${BEN}/messages`) {
      historyRequests += 1;
      if (historyRequests === 1) return firstHistory.reply;
      return ok({ messages: later, nextBefore: null, nextAfter: null } satisfies ChatPage);
    }
    return rest(call);
  });
  return firstHistory;
}

describe("ConversationView", () => {
  it("keeps what was typed before the chat socket opened, and shows no one else's draft", async () => {
    mockFetch((call) =>
      call.method === "GET" && call.path === `/chat/${BEN}/messages`
        ? ok({ messages: [], nextBefore: null, nextAfter: null } satisfies ChatPage)
        : undefined,
    );
    // The person before on this tab left a draft to Ben.
    claimOutbox("00000000-0000-4000-8000-0000000000ff");
    saveDraft(BEN, "Someone else's words");
    const region = renderConversation();
    const box = within(region).getByRole("textbox", { name: "Message Ben" });
    await waitFor(() => expect(box).toHaveValue(""));

    const user = userEvent.setup();
    await user.type(box, "Half a thought");
    // The socket opens once the first screen has settled, and claims the outbox for the same person.
    act(() => claimOutbox(ME));
    expect(box).toHaveValue("Half a thought");
    act(() => saveDraft(BEN, ""));
  });

  it("keeps a message sent before the history loaded, though that history was read before it", async () => {
    // A small server: the first history request was read before the send and answers late.
    const stored: ChatMessage[] = [];
    const firstHistory = serveHistory(stored, (call) => {
      if (call.method === "POST" && call.path === `/chat/${BEN}/messages`) {
        const body = call.body as { text: string; clientId: string };
        const message = chatMessage({
          _id: "00000000-0000-4000-8000-000000000001",
          fromUserId: ME,
          toUserId: BEN,
          createdAt: "2026-11-22T10:00:00.000Z",
          text: body.text,
        });
        stored.push({ ...message, clientId: body.clientId });
        return ok(stored.at(-1), 201);
      }
      return undefined;
    });
    const region = renderConversation();
    expect(within(region).getByText("Loading...")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(region).getByRole("textbox", { name: "Message Ben" }), "Hi Ben{Enter}");
    // The send is answered and stored; only then does the old snapshot of the history arrive.
    await expect.poll(() => stored.length).toBe(1);
    firstHistory.answer(ok({ messages: [], nextBefore: null, nextAfter: null } satisfies ChatPage));

    // Sent and shown once, as a stored message (with its time), never lost on the way.
    await waitFor(() => expect(within(region).queryByText("Sending…")).not.toBeInTheDocument());
    expect(within(region).getAllByText("Hi Ben")).toHaveLength(1);
    expect(within(region).getByRole("listitem")).toContainElement(region.querySelector("time"));
    expect(within(region).queryByText(/Say hello/)).not.toBeInTheDocument();
  });

  it("shows a message that arrived live while the history was loading from before it", async () => {
    const fromBen = chatMessage({
      _id: "00000000-0000-4000-8000-000000000002",
      fromUserId: BEN,
      toUserId: ME,
      createdAt: "2026-11-22T10:01:00.000Z",
      text: "Hello from Ben",
    });
    const firstHistory = serveHistory([fromBen], (call) =>
      call.method === "POST" && call.path === `/chat/${BEN}/read` ? ok({ unread: 0 }) : undefined,
    );
    const region = renderConversation();
    expect(within(region).getByText("Loading...")).toBeInTheDocument();

    act(() => applyChatEvent(queryClient, ME, { type: "message", message: fromBen }));
    firstHistory.answer(ok({ messages: [], nextBefore: null, nextAfter: null } satisfies ChatPage));

    expect(await within(region).findByText("Hello from Ben")).toBeInTheDocument();
    expect(within(region).queryByText(/Say hello/)).not.toBeInTheDocument();
  });
});

describe("ConversationView's openers", () => {
  // Ben knows Guitar and wants to learn Python; I know Python and want to learn Guitar.
  const withBen: Conversation = {
    ...conversation,
    user: { ...chatContact(BEN, "Ben"), skills: ["Guitar", "Chess"], learning: ["Python"] },
  };
  const openers = [
    "You want to learn Python and I know it: trade for some Guitar?",
    "I'd love to learn Guitar from you — what got you started?",
    "I saw you want to learn Python. Happy to help — where are you at with it?",
  ];

  beforeEach(() => {
    queryClient.setQueryData(queryKeys.me, {
      ...sampleMe,
      _id: ME,
      skills: ["python", "Cooking"],
      learning: ["guitar"],
    });
  });

  function serveMessages(messages: ChatMessage[]) {
    return mockFetch((call) =>
      call.method === "GET" && call.path === `/chat/${BEN}/messages`
        ? ok({ messages, nextBefore: null, nextAfter: null } satisfies ChatPage)
        : call.method === "POST" && call.path === `/chat/${BEN}/read`
          ? ok({ unread: 0 })
          : undefined,
    );
  }

  it("offers three openers from what the two trade; one tap puts it in the field, unsent", async () => {
    claimOutbox(ME);
    const calls = serveMessages([]);
    const region = renderConversation(withBen);
    const list = await within(region).findByRole("list", { name: "Break the ice" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(openers);

    await userEvent.click(within(list).getByRole("button", { name: openers[1] }));
    const box = within(region).getByRole("textbox", { name: "Message Ben" });
    expect(box).toHaveValue(openers[1]);
    expect(box).toHaveFocus();
    expect(calls.some((call) => call.method === "POST" && call.path.endsWith("/messages"))).toBe(
      false,
    );
    act(() => saveDraft(BEN, ""));
  });

  it("offers none once the conversation has a message", async () => {
    claimOutbox(ME);
    serveMessages([
      chatMessage({
        _id: "00000000-0000-4000-8000-000000000003",
        fromUserId: BEN,
        toUserId: ME,
        createdAt: "2026-11-22T10:00:00.000Z",
        text: "Hey there",
      }),
    ]);
    const region = renderConversation(withBen);
    expect(await within(region).findByText("Hey there")).toBeInTheDocument();
    expect(within(region).queryByRole("list", { name: "Break the ice" })).not.toBeInTheDocument();
    expect(within(region).queryByText(openers[0] as string)).not.toBeInTheDocument();
  });
});
