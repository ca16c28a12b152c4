import type { ChatMessage, ChatPage, Conversation, Meetup } from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatContact, chatMessage } from "@/test/chat-fixtures.ts";
import { type FetchCall, failure, mockFetch, ok, type Reply } from "@/test/mock-fetch.ts";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import { setXsrfCookie } from "@/test/render.tsx";
import { applyChatEvent } from "../lib/apply-chat-event.ts";
import { chatKeys } from "../lib/chat-keys.ts";
import { claimOutbox } from "../lib/outbox.ts";
import { readServerFrame } from "../lib/read-server-frame.ts";
import { ConversationView } from "./conversation-view.tsx";

// jsdom has no modal dialogs (this file's own window: vitest isolates test files).
HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const ME = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";
const MEETUP_ID = "00000000-0000-4000-8000-0000000000e1";

const conversation: Conversation = {
  user: chatContact(BEN, "Ben"),
  lastMessage: null,
  unread: 0,
  online: false,
};

function meetup(fields: Partial<Meetup> = {}): Meetup {
  return {
    _id: MEETUP_ID,
    proposedBy: BEN,
    proposedTo: ME,
    start: "2026-12-07T15:00:00.000Z",
    end: "2026-12-07T16:30:00.000Z",
    place: "Library café",
    link: "https://meet.example.com/abc",
    note: "Bring the chess set",
    state: "proposed",
    cancelledBy: null,
    ...fields,
  };
}

function proposal(carried: Meetup): ChatMessage {
  return {
    ...chatMessage({
      _id: "00000000-0000-4000-8000-000000000001",
      fromUserId: carried.proposedBy,
      toUserId: carried.proposedTo,
      createdAt: "2026-11-22T10:00:00.000Z",
      text: "Suggested a time to meet",
    }),
    meetup: carried,
  };
}

let queryClient: QueryClient;
let calls: FetchCall[];
const zone = process.env.TZ;

beforeEach(() => {
  sessionStorage.clear();
  setXsrfCookie();
  claimOutbox(ME);
  // The card reads times in the viewer's zone: one that is not UTC, and a half hour off it.
  process.env.TZ = "Asia/Kolkata";
  queryClient = createTestQueryClient();
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [conversation]);
});

afterEach(() => {
  process.env.TZ = zone;
});

/** Ben's conversation holding one message, with `answers` for the meet-up's calls. */
function renderWith(message: ChatMessage, answers: Record<string, () => Reply> = {}) {
  calls = mockFetch((call) => {
    if (call.method === "GET" && call.path === `/chat/${BEN}/messages`) {
      return ok({ messages: [message], nextBefore: null, nextAfter: null } satisfies ChatPage);
    }
    if (call.method === "POST" && call.path === `/chat/${BEN}/read`) return ok({ unread: 0 });
    return answers[`${call.method} ${call.path}`]?.();
  });
  renderWithQueryClient(
    <MemoryRouter>
      <ConversationView
        conversation={conversation}
        meId={ME}
        onAction={() => {}}
        onBlocked={() => {}}
      />
    </MemoryRouter>,
    { queryClient },
  );
}

const local = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const WHEN = local.formatRange(
  new Date("2026-12-07T15:00:00.000Z"),
  new Date("2026-12-07T16:30:00.000Z"),
);

/** A frame from the chat socket, read and applied as the socket does. */
function socketFrame(data: unknown) {
  const event = readServerFrame(JSON.stringify(data));
  if (!event) throw new Error("The frame does not match the schema");
  act(() => applyChatEvent(queryClient, ME, event));
}

const findCard = () => screen.findByRole("region", { name: `Meet-up on ${WHEN}` });
const posts = (path: string) =>
  calls.filter((call) => call.method === "POST" && call.path === path);

describe("A meet-up in the chat", () => {
  it("shows when (in my time), where, the link and the note, with Accept and Decline for me", async () => {
    renderWith(proposal(meetup()), {
      [`POST /meetups/${MEETUP_ID}/accept`]: () => ok(meetup({ state: "accepted" })),
    });
    const card = await findCard();
    // 15:00 UTC is 20:30 in Kolkata.
    expect(WHEN).toMatch(/8:30|20:30/);
    const time = card.querySelector("time");
    expect(time).toHaveTextContent(WHEN, { normalizeWhitespace: false });
    expect(time).toHaveAttribute("datetime", "2026-12-07T15:00:00.000Z");
    expect(within(card).getByText("Library café")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: /meet\.example\.com\/abc/ })).toHaveAttribute(
      "href",
      "https://meet.example.com/abc",
    );
    expect(within(card).getByText("Bring the chess set")).toBeInTheDocument();
    expect(within(card).getByText("Waiting for your answer")).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Add to calendar" })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole("button", { name: "Accept" }));
    expect(await within(card).findByText("Accepted")).toBeInTheDocument();
    expect(posts(`/meetups/${MEETUP_ID}/accept`)).toHaveLength(1);
    expect(within(card).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
    const calendar = within(card).getByRole("link", { name: "Add to calendar" });
    expect(calendar).toHaveAttribute("href", `/api/meetups/${MEETUP_ID}/calendar.ics`);
    expect(calendar).toHaveAttribute("download");
    expect(within(card).getByRole("button", { name: "Cancel meet-up" })).toBeInTheDocument();
  });

  it("gives the one who suggested it no Accept or Decline, and follows the answer from the socket", async () => {
    renderWith(proposal(meetup({ proposedBy: ME, proposedTo: BEN })));
    const card = await findCard();
    expect(within(card).getByText("Waiting for Ben's answer")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Decline" })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Cancel meet-up" })).toBeInTheDocument();

    // Ben declines in his tab: the socket tells mine.
    socketFrame({
      type: "meetup",
      messageId: null,
      meetup: meetup({ proposedBy: ME, proposedTo: BEN, state: "declined" }),
    });
    expect(await within(card).findByText("Ben declined")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Cancel meet-up" })).not.toBeInTheDocument();
  });

  it("declines, and then offers nothing more", async () => {
    renderWith(proposal(meetup()), {
      [`POST /meetups/${MEETUP_ID}/decline`]: () => ok(meetup({ state: "declined" })),
    });
    const card = await findCard();
    await userEvent.click(within(card).getByRole("button", { name: "Decline" }));
    expect(await within(card).findByText("You declined")).toBeInTheDocument();
    expect(posts(`/meetups/${MEETUP_ID}/decline`)).toHaveLength(1);
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });

  it("cancels after asking, and says who cancelled", async () => {
    renderWith(proposal(meetup({ state: "accepted" })), {
      [`POST /meetups/${MEETUP_ID}/cancel`]: () =>
        ok(meetup({ state: "cancelled", cancelledBy: ME })),
    });
    const user = userEvent.setup();
    const card = await findCard();
    await user.click(within(card).getByRole("button", { name: "Cancel meet-up" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel this meet-up?" });
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(posts(`/meetups/${MEETUP_ID}/cancel`)).toHaveLength(0);
    expect(within(card).getByText("Accepted")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Cancel meet-up" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Cancel this meet-up?" })).getByRole("button", {
        name: "Yes, cancel it",
      }),
    );
    expect(await within(card).findByText("Cancelled by you")).toBeInTheDocument();
    expect(posts(`/meetups/${MEETUP_ID}/cancel`)).toHaveLength(1);
    expect(within(card).queryByRole("link", { name: "Add to calendar" })).not.toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Cancel meet-up" })).not.toBeInTheDocument();
  });

  it("shows a meet-up the other person cancelled as such, with nothing to press", async () => {
    renderWith(proposal(meetup({ proposedBy: ME, proposedTo: BEN, state: "accepted" })));
    const card = await findCard();
    expect(within(card).getByRole("link", { name: "Add to calendar" })).toBeInTheDocument();
    socketFrame({
      type: "meetup",
      messageId: null,
      meetup: meetup({ proposedBy: ME, proposedTo: BEN, state: "cancelled", cancelledBy: BEN }),
    });
    await waitFor(() => expect(within(card).getByText("Cancelled by Ben")).toBeInTheDocument());
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Add to calendar" })).not.toBeInTheDocument();
  });

  it("says so when an answer is refused", async () => {
    renderWith(proposal(meetup()), {
      [`POST /meetups/${MEETUP_ID}/accept`]: () =>
        failure(409, "MEETUP_ANSWERED", "This meet-up was already answered."),
    });
    const card = await findCard();
    await userEvent.click(within(card).getByRole("button", { name: "Accept" }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(
      "This meet-up was already answered.",
    );
  });
});
