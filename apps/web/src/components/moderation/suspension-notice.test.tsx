import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import { apiClient } from "@/lib/api-client.ts";
import {
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  signedInReads,
  toasterListening,
} from "@/test/render.tsx";

HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const UNTIL = "2030-03-09T15:30:00.000Z";
const suspended = (appeal: { state: "open" | "upheld" | "overturned" } | null = null) => ({
  ...sampleMe,
  moderation: {
    state: "suspended",
    reason: "Threats in a conversation",
    until: UNTIL,
    actionId: "5f0f7f53-7c1a-4d7e-9a52-2a1c3f0e8b11",
    appealUntil: appeal ? null : "2030-03-16T15:30:00.000Z",
    appeal,
  },
});

let calls: FetchCall[];
let me: unknown;

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
  me = suspended();
  calls = mockFetch((call) => {
    if (call.path === "/profile/view") return { body: me };
    if (call.path === "/moderation/appeal") {
      me = suspended({ state: "open" });
      return ok({ _id: "ap-1" }, 201);
    }
    if (call.path === "/write-something") {
      return failure(403, "SUSPENDED", MODERATION_MESSAGES.suspended);
    }
    if (call.path === "/notifications/settings") return ok({});
    if (call.path === "/user/blocked" || call.path === "/reports/mine") return ok([]);
    return signedInReads(call);
  });
});

const untilText = new Intl.DateTimeFormat(undefined, {
  dateStyle: "long",
  timeStyle: "short",
}).format(new Date(UNTIL));

describe("the suspension notice", () => {
  it("shows the reason and the end in the reader's locale, and takes one appeal", async () => {
    renderApp("/connections");
    const notice = await screen.findByRole(
      "region",
      { name: /Your account is suspended/ },
      firstLoad,
    );
    expect(notice).toHaveTextContent(`Your account is suspended until ${untilText}.`);
    expect(notice).toHaveTextContent("Threats in a conversation");

    await userEvent.click(within(notice).getByRole("button", { name: "Appeal" }));
    const dialog = await screen.findByRole("dialog", { name: "Appeal this decision" });
    const text = await within(dialog).findByRole("textbox", {
      name: "Why should the decision change?",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(await within(dialog).findByText(MODERATION_MESSAGES.appealEmpty)).toBeInTheDocument();
    await userEvent.type(text, "It was a quote from a film.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send appeal" }));

    expect(await within(dialog).findByText("Appeal sent")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/moderation/appeal")?.body).toEqual({
      text: "It was a quote from a film.",
      actionId: "5f0f7f53-7c1a-4d7e-9a52-2a1c3f0e8b11",
    });
    // Me is asked again: the notice now tells the appeal's state instead of offering another.
    await waitFor(() =>
      expect(notice).toHaveTextContent("Appeal sent: a different moderator will decide."),
    );
    expect(within(notice).queryByRole("button", { name: "Appeal" })).not.toBeInTheDocument();
  });

  it("says when an appeal was rejected", async () => {
    me = suspended({ state: "upheld" });
    renderApp("/connections");
    const notice = await screen.findByRole(
      "region",
      { name: /Your account is suspended/ },
      firstLoad,
    );
    expect(notice).toHaveTextContent("Your appeal was reviewed and the decision stands.");
  });

  it("is not there for an account in good standing", async () => {
    me = sampleMe;
    renderApp("/connections");
    await screen.findByRole("heading", { name: /Connections/i }, firstLoad);
    expect(screen.queryByRole("region", { name: /suspended/ })).not.toBeInTheDocument();
  });

  it("shows the server's sentence when a write is refused with 403 SUSPENDED", async () => {
    renderApp("/connections");
    await toasterListening();
    await expect(apiClient.post("/write-something", {})).rejects.toThrow();
    // The toast waits for the toaster's effect, which a loaded machine may run late.
    expect(
      await screen.findByText(MODERATION_MESSAGES.suspended, {}, firstLoad),
    ).toBeInTheDocument();
  });
});
