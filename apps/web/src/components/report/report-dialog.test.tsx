import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { MODERATION_MESSAGES } from "@/config/copy.ts";
import {
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  type Reply,
  rememberSignedIn,
  renderApp,
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

const LONG_LAST = "Featherstonehaugh-Wolfeschlegelsteinhausen";
const person = {
  _id: "0b5c5d0e-2f4e-4c8e-9d55-9a3c3d1e2f40",
  firstName: "Lena",
  lastName: LONG_LAST,
  photoUrl: "/api/avatars/u-2.svg",
  photo: null,
  age: 31,
  gender: "other",
  about: "Chess and rust.",
  skills: ["chess", "rust", "hiking"],
  learning: [],
  campus: null,
  socialLinks: { instagramLink: null, otherLink: null },
  relationship: "connected",
};

let calls: FetchCall[];
function serve(report: (call: FetchCall) => Reply) {
  calls = mockFetch((call) => {
    if (call.path === "/get_public_profile/p-2") return ok(person);
    if (call.method === "POST" && call.path === "/reports") return report(call);
    return signedInReads(call);
  });
}

async function openDialog() {
  renderApp("/GetToKnowMe/p-2");
  await userEvent.click(
    await screen.findByRole("button", { name: `Report Lena ${LONG_LAST}` }, firstLoad),
  );
  return screen.findByRole("dialog", { name: `Report Lena ${LONG_LAST}` }, firstLoad);
}

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

describe("the report dialog", () => {
  it("files a report of the person with a reason, details and Also block", async () => {
    serve(() => ok({ _id: "r-1" }, 201));
    const dialog = await openDialog();
    const reasons = within(dialog).getByRole("group", { name: "Reason" });
    expect(within(reasons).getAllByRole("radio")).toHaveLength(6);
    await userEvent.click(within(reasons).getByRole("radio", { name: "A child may be at risk" }));
    const details = within(dialog).getByRole("textbox", { name: "Details (optional)" });
    await userEvent.type(details, "Asked for my address");
    expect(within(dialog).getByText("20 / 1000")).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole("checkbox", { name: new RegExp(`Also block Lena ${LONG_LAST}`) }),
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await screen.findByText(MODERATION_MESSAGES.reported)).toBeInTheDocument();
    const sent = calls.find((call) => call.path === "/reports");
    expect(sent?.body).toEqual({
      subject: { type: "user", _id: person._id },
      reason: "child_safety",
      details: "Asked for my address",
      block: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks for a reason before sending anything", async () => {
    serve(() => ok({ _id: "r-1" }, 201));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText("Choose a reason.")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/reports")).toBe(false);
  });

  it("says the person already reported it on a 409, and closes", async () => {
    serve(() => failure(409, "CONFLICT", MODERATION_MESSAGES.alreadyReported));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(/You already reported this/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's sentence when the report fails", async () => {
    serve(() => failure(404, "NOT_FOUND", MODERATION_MESSAGES.subjectNotFound));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      MODERATION_MESSAGES.subjectNotFound,
    );
    expect(within(dialog).getByRole("checkbox", { name: /Also block/ })).not.toBeChecked();
  });
});
