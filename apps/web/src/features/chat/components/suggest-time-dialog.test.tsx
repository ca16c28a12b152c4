import {
  type ChatPage,
  type Conversation,
  MEETUP_MESSAGES,
  type Meetup,
  type Overlap,
} from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatContact } from "@/test/chat-fixtures.ts";
import { type FetchCall, mockFetch, ok, type Reply } from "@/test/mock-fetch.ts";
import { createTestQueryClient, renderWithQueryClient } from "@/test/query-client.tsx";
import { setXsrfCookie } from "@/test/render.tsx";
import { chatKeys } from "../lib/chat-keys.ts";
import { claimOutbox } from "../lib/outbox.ts";
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

const conversation: Conversation = {
  user: chatContact(BEN, "Ben"),
  lastMessage: null,
  unread: 0,
  online: false,
};

// Two free ranges: two hours on Monday, one on Tuesday.
const overlap: Overlap = [
  { start: "2026-12-07T09:00:00.000Z", end: "2026-12-07T11:00:00.000Z" },
  { start: "2026-12-08T13:00:00.000Z", end: "2026-12-08T14:00:00.000Z" },
];

/** What the viewer reads in Kolkata, the zone these tests run in (half an hour off the hour). */
const kolkata = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const inKolkata = (start: string, end: string) =>
  kolkata.formatRange(new Date(start), new Date(end));

let queryClient: QueryClient;
let calls: FetchCall[];
const zone = process.env.TZ;

beforeEach(() => {
  sessionStorage.clear();
  setXsrfCookie();
  claimOutbox(ME);
  process.env.TZ = "Asia/Kolkata";
  queryClient = createTestQueryClient();
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [conversation]);
});

afterEach(() => {
  process.env.TZ = zone;
});

function meetupFrom(body: Record<string, string>): Meetup {
  return {
    _id: "00000000-0000-4000-8000-0000000000e1",
    proposedBy: ME,
    proposedTo: BEN,
    start: body.start ?? "",
    end: body.end ?? "",
    place: body.place ?? null,
    link: body.link ?? null,
    note: body.note ?? null,
    state: "proposed",
    cancelledBy: null,
  };
}

/** Ben's empty conversation; the overlap and the proposal answered as given. */
async function openDialog(
  free: Overlap,
  propose: (body: Record<string, string>) => Reply = (body) => ok(meetupFrom(body), 201),
) {
  calls = mockFetch((call) => {
    if (call.method === "GET" && call.path === `/chat/${BEN}/messages`) {
      return ok({ messages: [], nextBefore: null, nextAfter: null } satisfies ChatPage);
    }
    if (call.method === "GET" && call.path === `/chat/${BEN}/overlap`) return ok(free);
    if (call.method === "POST" && call.path === "/meetups") {
      return propose(call.body as Record<string, string>);
    }
    return undefined;
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
  const region = screen.getByRole("region", { name: "Conversation with Ben" });
  await userEvent.click(within(region).getByRole("button", { name: "Suggest a time" }));
  return screen.findByRole("dialog", { name: "Suggest a time to Ben" });
}

const proposals = () =>
  calls.filter((call) => call.method === "POST" && call.path === "/meetups").map((c) => c.body);

const lengthChoices = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("combobox", { name: "How long" }))
    .getAllByRole("option")
    .map((option) => (option as HTMLOptionElement).value);

describe("Suggest a time", () => {
  it("lists the shared free time in my time, and sends the chosen start and length", async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(overlap);
    const list = await within(dialog).findByRole("list", { name: "Times you're both free" });
    const first = inKolkata(overlap[0]?.start ?? "", overlap[0]?.end ?? "");
    const second = inKolkata(overlap[1]?.start ?? "", overlap[1]?.end ?? "");
    // 09:00 UTC is 14:30 in Kolkata.
    expect(first).toMatch(/2:30|14:30/);
    const options = within(list).getAllByRole("radio");
    expect(options.map((radio) => radio.closest("label")?.textContent)).toEqual([first, second]);

    // The one-hour range: the length cannot go past its end.
    await user.click(options[1] as HTMLElement);
    expect(within(dialog).getByLabelText("Starts")).toHaveValue("2026-12-08T18:30");
    expect(lengthChoices(dialog)).toEqual(["30", "60"]);
    expect(within(dialog).getByRole("combobox", { name: "How long" })).toHaveValue("60");

    // The two-hour range: up to two hours, an hour unless changed.
    await user.click(options[0] as HTMLElement);
    expect(options[0]).toBeChecked();
    expect(within(dialog).getByLabelText("Starts")).toHaveValue("2026-12-07T14:30");
    expect(lengthChoices(dialog)).toEqual(["30", "60", "90", "120"]);
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "How long" }), "90");
    await user.type(within(dialog).getByLabelText("Place (optional)"), "Library café");
    await user.type(
      within(dialog).getByLabelText("Video link (optional)"),
      "https://meet.example.com/abc",
    );
    await user.type(within(dialog).getByLabelText("Note (optional)"), "Bring the chess set");
    await user.click(within(dialog).getByRole("button", { name: "Send suggestion" }));

    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Suggest a time to Ben" })).toBeNull(),
    );
    expect(proposals()).toEqual([
      {
        withUserId: BEN,
        start: "2026-12-07T09:00:00.000Z",
        end: "2026-12-07T10:30:00.000Z",
        place: "Library café",
        link: "https://meet.example.com/abc",
        note: "Bring the chess set",
      },
    ]);
  });

  it("says when there is no shared free time, links to my week, and takes a time by hand", async () => {
    const dialog = await openDialog([]);
    expect(
      await within(dialog).findByText(/No shared free time in the next 14 days/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Set when you're free" })).toHaveAttribute(
      "href",
      "/settings#availability",
    );
    expect(within(dialog).queryByRole("radio")).not.toBeInTheDocument();

    // Sending without a time says what is missing, and sends nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send suggestion" }));
    expect(await within(dialog).findByText("Choose a day and a time.")).toBeInTheDocument();
    expect(proposals()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Starts"), {
      target: { value: "2026-12-10T18:00" },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send suggestion" }));
    await waitFor(() => expect(proposals()).toHaveLength(1));
    // 18:00 in Kolkata is 12:30 UTC; an hour unless changed.
    expect(proposals()[0]).toEqual({
      withUserId: BEN,
      start: "2026-12-10T12:30:00.000Z",
      end: "2026-12-10T13:30:00.000Z",
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    const dialog = await openDialog(overlap, () => ({
      status: 400,
      body: {
        status: 0,
        code: "MEETUP_TIME",
        message: MEETUP_MESSAGES.inThePast,
        errors: [{ path: "start", message: MEETUP_MESSAGES.inThePast }],
      },
    }));
    const list = await within(dialog).findByRole("list", { name: "Times you're both free" });
    await userEvent.click(within(list).getAllByRole("radio")[0] as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send suggestion" }));

    const start = within(dialog).getByLabelText("Starts");
    await waitFor(() => expect(start).toHaveAccessibleDescription(MEETUP_MESSAGES.inThePast));
    expect(start).toHaveAttribute("aria-invalid", "true");
    // The dialog stays open for another time.
    expect(screen.getByRole("dialog", { name: "Suggest a time to Ben" })).toBeInTheDocument();
  });
});
