import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actor, allOn } from "@/test/notification-fixtures.ts";
import {
  deferred,
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  type Reply,
  rememberSignedIn,
  renderApp,
  sampleMe,
  setXsrfCookie,
  signedInReads,
} from "@/test/render.tsx";

// jsdom has no modal dialogs (this file's own window: vitest isolates test files).
HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

type Routes = Record<string, (call: FetchCall) => Reply | Promise<Reply> | undefined>;

let calls: FetchCall[];

/** The settings page's own calls, plus whatever a test answers (keyed "METHOD /path"). */
function serve(routes: Routes = {}) {
  calls = mockFetch((call) => {
    const own = routes[`${call.method} ${call.path}`];
    if (own) return own(call);
    const signedIn = signedInReads(call);
    if (signedIn) return signedIn;
    if (call.path === "/notifications/settings") return ok(allOn());
    if (call.path === "/user/blocked") return ok([]);
    return undefined;
  });
}

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

async function section(name: string) {
  return screen.findByRole("region", { name }, firstLoad);
}

const LONG_NAME = "Bartholomew-Maximilian Featherstonehaugh-Wolfeschlegelsteinhausen";

describe("Settings: Blocked people", () => {
  it("lists the people I blocked with their avatar and full name", async () => {
    serve({
      "GET /user/blocked": () =>
        ok([actor("b-1", "Ana"), { ...actor("b-2", "Bart"), firstName: LONG_NAME }]),
    });
    renderApp("/settings");
    const blocked = await section("Blocked people");
    const list = await within(blocked).findByRole("list", { name: "Blocked people" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("Ana Actor")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole("img", { name: "Ana Actor" })).toBeVisible();
    // A long name is cut on screen, and the whole of it is there to read.
    const long = within(rows[1] as HTMLElement).getByText(`${LONG_NAME} Actor`);
    expect(long).toHaveClass("truncate");
    expect(long).toHaveAttribute("title", `${LONG_NAME} Actor`);
  });

  it("says so when nobody is blocked", async () => {
    serve();
    renderApp("/settings");
    const blocked = await section("Blocked people");
    expect(await within(blocked).findByText(/You haven't blocked anyone/)).toBeInTheDocument();
    expect(within(blocked).queryByRole("button", { name: /Unblock/ })).not.toBeInTheDocument();
  });

  /** Unblocks Ana of Ana and Bo: she leaves the list at once; `lifted` answers the server's call. */
  async function unblockAna() {
    const lifted = deferred();
    serve({
      "GET /user/blocked": () => ok([actor("b-1", "Ana"), actor("b-2", "Bo")]),
      "DELETE /user/block/b-1": () => lifted.reply,
    });
    const user = userEvent.setup();
    renderApp("/settings");
    const blocked = await section("Blocked people");
    await user.click(await within(blocked).findByRole("button", { name: "Unblock Ana Actor" }));
    expect(within(blocked).queryByText("Ana Actor")).not.toBeInTheDocument();
    return { lifted, blocked };
  }

  it("takes the person off the list at once and lifts the block", async () => {
    const { lifted, blocked } = await unblockAna();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: "DELETE", path: "/user/block/b-1" }),
    );
    lifted.answer(ok(null));
    expect(await screen.findByText("Ana Actor is unblocked.")).toBeInTheDocument();
    expect(within(blocked).getByText("Bo Actor")).toBeInTheDocument();
  });

  it("puts the person back with a toast when unblocking fails", async () => {
    const { lifted, blocked } = await unblockAna();
    lifted.answer(failure(503, "DB_UNAVAILABLE", "Try again later"));
    expect(await screen.findByText(/Couldn't unblock Ana Actor\./)).toBeInTheDocument();
    const rows = within(within(blocked).getByRole("list")).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Ana Actor"),
      expect.stringContaining("Bo Actor"),
    ]);
  });
});

describe("Settings: Password", () => {
  async function fill(current: string, next: string, again = next) {
    const user = userEvent.setup();
    renderApp("/settings");
    const form = await section("Password");
    await user.type(within(form).getByLabelText("Current password"), current);
    await user.type(within(form).getByLabelText("New password"), next);
    await user.type(within(form).getByLabelText("Confirm new password"), again);
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    return { user, form };
  }

  it("sends the current and the new password and says other devices were signed out", async () => {
    serve({ "PUT /account/password": () => ok(null) });
    const { form } = await fill("old-password-1", "new-password-2");
    expect(
      await screen.findByText("Password changed. Your other devices were signed out."),
    ).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: "PUT",
        path: "/account/password",
        body: { currentPassword: "old-password-1", password: "new-password-2" },
      }),
    );
    expect(within(form).getByLabelText("Current password")).toHaveValue("");
  });

  it("applies the password rule and the match before any call", async () => {
    serve();
    const { form } = await fill("old-password-1", "short", "shorter");
    expect(
      await within(form).findByText("Password must be at least 8 characters"),
    ).toBeInTheDocument();
    expect(within(form).getByText(/should be same/)).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/account/password")).toBe(false);
  });

  it("shows a wrong current password at that field", async () => {
    serve({
      "PUT /account/password": () =>
        failure(401, "WRONG_PASSWORD", "Your current password is not correct."),
    });
    const { form } = await fill("not-my-password", "new-password-2");
    const current = within(form).getByLabelText("Current password");
    await waitFor(() => expect(current).toHaveAccessibleDescription(/not correct/));
    expect(current).toHaveAttribute("aria-invalid", "true");
    expect(current).toHaveFocus();
  });

  it("shows and hides what was typed", async () => {
    serve();
    const user = userEvent.setup();
    renderApp("/settings");
    const form = await section("Password");
    const input = within(form).getByLabelText("New password");
    expect(input).toHaveAttribute("type", "password");
    const toggle = (input.parentElement as HTMLElement).querySelector("button") as HTMLElement;
    expect(toggle).toHaveAccessibleName("Show password");
    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(within(form).getByLabelText("Current password")).toHaveAttribute("type", "password");
  });
});

describe("Settings: Your data", () => {
  it("offers the export as a download", async () => {
    serve();
    renderApp("/settings");
    const data = await section("Your data");
    const link = within(data).getByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/account/export");
    expect(link).toHaveAttribute("download");
  });
});

describe("Settings: Delete account", () => {
  async function openDialog() {
    const user = userEvent.setup();
    const view = renderApp("/settings");
    const zone = await section("Delete account");
    await user.click(within(zone).getByRole("button", { name: "Delete account…" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    return { user, dialog, ...view };
  }

  it("names what goes and what stays, and waits for the password", async () => {
    serve();
    const { user, dialog } = await openDialog();
    const goes = within(dialog).getByRole("list", { name: "What goes" });
    expect(within(goes).getByText(/your profile, photo and skills/)).toBeInTheDocument();
    expect(within(goes).getByText(/community posts, groups and events/)).toBeInTheDocument();
    // What is kept is said as kept, never denied: the other person's copy of the conversation
    // and reports stay.
    const stays = within(dialog).getByRole("list", { name: "What stays" });
    expect(within(stays).getByText(/keep their copy of your conversations/)).toBeInTheDocument();
    expect(within(stays).getByText(/reports you made/)).toBeInTheDocument();
    expect(within(goes).queryByText(/reports/)).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/nothing is kept/i);
    const button = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(button).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Your password"), "x");
    expect(button).toBeEnabled();
  });

  it("shows a wrong password in the dialog and keeps the account", async () => {
    serve({
      "DELETE /account": () =>
        failure(
          401,
          "WRONG_PASSWORD",
          "This password is not correct; your account was not deleted.",
        ),
    });
    const { user, dialog, router } = await openDialog();
    await user.type(within(dialog).getByLabelText("Your password"), "wrong-password");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    const password = within(dialog).getByLabelText("Your password");
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(/your account was not deleted/),
    );
    expect(router.state.location.pathname).toBe("/settings");
  });

  it("deletes with the password, forgets the session and lands on the landing page", async () => {
    let deleted = false;
    serve({
      "DELETE /account": () => {
        deleted = true;
        return ok(null);
      },
      "GET /profile/view": () =>
        deleted
          ? failure(401, "UNAUTHENTICATED", "Please log in")
          : { status: 200, body: sampleMe },
    });
    const { user, dialog, router, queryClient } = await openDialog();
    const scrolled = vi.spyOn(window, "scrollTo");
    await user.type(within(dialog).getByLabelText("Your password"), "my-password");
    await user.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    // The landing page's notice and its toaster load apart.
    expect(await screen.findByText("Your account was deleted.", {}, firstLoad)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    // The landing page opens at its top, not where the danger zone was scrolled to.
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    scrolled.mockRestore();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: "DELETE",
        path: "/account",
        body: { password: "my-password" },
      }),
    );
    expect(queryClient.getQueryData(["me"])).toBeNull();
    expect(queryClient.getQueryData(["notifications", "settings"])).toBeUndefined();
    expect(window.localStorage.getItem("kindred.signed-in")).toBeNull();
  });
});
