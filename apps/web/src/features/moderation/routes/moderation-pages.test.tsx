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
  sampleMe,
  setXsrfCookie,
  signedInReads,
} from "@/test/render.tsx";

HTMLDialogElement.prototype.showModal ??= function open(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function shut(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const card = (id: string, firstName: string, lastName = "Stone") => ({
  _id: id,
  firstName,
  lastName,
  photoUrl: `/api/avatars/${id}.svg`,
  photo: null,
  age: 30,
  gender: null,
  about: "",
  skills: [],
});

function aCase(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    subject: { type: "message", _id: `m-${id}` },
    person: { ...card(`p-${id}`, name), role: "member" },
    snapshot: {
      type: "message",
      takenAt: "2026-01-02T10:00:00.000Z",
      person: null,
      title: null,
      text: "you will regret this",
      messages: [
        {
          _id: "m0",
          from: "other",
          text: "Please stop",
          createdAt: "2026-01-02T09:58:00.000Z",
          reported: false,
        },
        {
          _id: `m-${id}`,
          from: "person",
          text: "you will regret this",
          createdAt: "2026-01-02T09:59:00.000Z",
          reported: true,
        },
      ],
    },
    reports: [
      {
        _id: `r-${id}`,
        reason: "harassment",
        details: "Threats",
        reporter: card("a-1", "Ana"),
        createdAt: "2026-01-02T10:00:00.000Z",
      },
      {
        _id: `r2-${id}`,
        reason: "harassment",
        details: null,
        reporter: null,
        createdAt: "2026-01-02T11:00:00.000Z",
      },
    ],
    priority: 10,
    state: "open",
    heldByFilter: false,
    hidden: true,
    filter: null,
    notes: [],
    createdAt: "2026-01-02T10:00:00.000Z",
    closedAt: null,
    ...extra,
  };
}

const detail = (extra: Record<string, unknown> = {}) => ({
  ...aCase("c-1", "Bruno"),
  actions: [],
  history: { cases: [], actions: [] },
  ...extra,
});

let calls: FetchCall[];
function serve(
  role: "member" | "moderator" | "admin",
  routes: Record<string, (call: FetchCall) => Reply> = {},
) {
  calls = mockFetch((call) => {
    const own = routes[`${call.method} ${call.path.split("?")[0]}`];
    if (own) return own(call);
    if (call.path === "/profile/view") return { body: { ...sampleMe, role } };
    return signedInReads(call);
  });
}

beforeEach(() => {
  setXsrfCookie();
  rememberSignedIn();
});

describe("/moderation", () => {
  it("is the not-found page for a member, and asks for no case", async () => {
    serve("member");
    renderApp("/moderation");
    expect(await screen.findByText("404 - PAGE NOT FOUND", {}, firstLoad)).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/moderation"))).toBe(false);
  });

  it("lists open cases in the server's order, filters by reason and pages on", async () => {
    serve("moderator", {
      "GET /moderation/cases": (call) => {
        const query = new URL(call.path, "http://x").searchParams;
        if (query.get("limit") === "1")
          return { body: { status: 1, message: "ok", data: [], nextCursor: null, openCount: 3 } };
        if (query.get("cursor") === "next") {
          return {
            body: {
              status: 1,
              message: "ok",
              data: [aCase("c-3", "Cleo")],
              nextCursor: null,
              openCount: 3,
            },
          };
        }
        if (query.get("reason") === "filter") {
          return {
            body: {
              status: 1,
              message: "ok",
              data: [
                aCase("c-9", "Filtered", {
                  reports: [],
                  filter: { rules: ["slur"], matches: ["x"] },
                  heldByFilter: true,
                }),
              ],
              nextCursor: null,
              openCount: 3,
            },
          };
        }
        return {
          body: {
            status: 1,
            message: "ok",
            data: [aCase("c-1", "Bruno"), aCase("c-2", "Alma")],
            nextCursor: "next",
            openCount: 3,
          },
        };
      },
    });
    renderApp("/moderation");
    const list = await screen.findByRole("list", { name: "Cases" }, firstLoad);
    const names = within(list)
      .getAllByRole("heading")
      .map((heading) => heading.textContent);
    expect(names).toEqual(["Bruno Stone", "Alma Stone"]);
    expect(within(list).getAllByText("2 reports")).toHaveLength(2);
    expect(within(list).getAllByText("Hidden")).toHaveLength(2);
    // The tab's badge carries the open count.
    expect(await screen.findByRole("link", { name: /Queue\s*3\s*open/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more cases" }));
    await waitFor(() => expect(within(list).getAllByRole("heading")).toHaveLength(3));

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Reason" }), "filter");
    expect(await screen.findByText("Filtered Stone")).toBeInTheDocument();
    expect(screen.getByText("Held by filter")).toBeInTheDocument();
    expect(
      calls.some((call) => call.path.includes("state=open") && call.path.includes("reason=filter")),
    ).toBe(true);
  });
});

describe("a case", () => {
  it("shows the conversation with the reported message marked, and every report", async () => {
    serve("moderator", { "GET /moderation/cases/c-1": () => ok(detail()) });
    renderApp("/moderation/cases/c-1");
    const conversation = await screen.findByRole(
      "list",
      { name: "The conversation around it" },
      firstLoad,
    );
    const reported = within(conversation).getByText("you will regret this");
    expect(reported).toHaveAttribute("aria-current", "true");
    expect(within(conversation).getByText("Reported message")).toBeInTheDocument();
    const reports = screen.getByRole("list", { name: "Reports" });
    expect(within(reports).getByText("Ana Stone")).toBeInTheDocument();
    expect(within(reports).getByText(MODERATION_MESSAGES.deletedAccount)).toBeInTheDocument();
    expect(within(reports).getByText("Threats")).toBeInTheDocument();
  });

  it("suspends for the chosen days with the reason, and asks for both first", async () => {
    serve("moderator", {
      "GET /moderation/cases/c-1": () => ok(detail()),
      "POST /moderation/cases/c-1/actions": () =>
        ok(
          {
            _id: "a-1",
            caseId: "c-1",
            action: "suspend",
            days: 7,
            until: null,
            reason: "Threats",
            actor: null,
            createdAt: "2026-01-03T00:00:00.000Z",
            appeal: null,
          },
          201,
        ),
    });
    renderApp("/moderation/cases/c-1");
    await userEvent.click(await screen.findByRole("radio", { name: /^Suspend/ }, firstLoad));
    await userEvent.click(screen.getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText(MODERATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole("textbox", { name: "Reason the person reads" }),
      "Threats in chat",
    );
    await userEvent.click(screen.getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText(MODERATION_MESSAGES.daysRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await userEvent.click(screen.getByRole("radio", { name: "7 days" }));
    await userEvent.click(screen.getByRole("button", { name: "Suspend for 7 days" }));
    expect(await screen.findByText(MODERATION_MESSAGES.actionDone)).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      action: "suspend",
      days: 7,
      reason: "Threats in chat",
    });
  });

  it("offers no Remove for a person, and shows why an action was refused", async () => {
    serve("moderator", {
      "GET /moderation/cases/c-1": () => ok(detail({ subject: { type: "user", _id: "p-c-1" } })),
      "POST /moderation/cases/c-1/actions": () =>
        failure(403, "FORBIDDEN", MODERATION_MESSAGES.adminCase),
    });
    renderApp("/moderation/cases/c-1");
    await screen.findByRole("radio", { name: /^Warn/ }, firstLoad);
    expect(screen.queryByRole("radio", { name: /^Remove content/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: /^Warn/ }));
    await userEvent.type(
      screen.getByRole("textbox", { name: "Reason the person reads" }),
      "Be kind",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send the warning" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.adminCase);
  });

  it("asks before a ban and sends nothing on Cancel", async () => {
    serve("admin", {
      "GET /moderation/cases/c-1": () => ok(detail()),
      "POST /moderation/cases/c-1/actions": () =>
        ok(
          {
            _id: "a-1",
            caseId: "c-1",
            action: "ban",
            days: null,
            until: null,
            reason: "Scam",
            actor: null,
            createdAt: "2026-01-03T00:00:00.000Z",
            appeal: null,
          },
          201,
        ),
    });
    renderApp("/moderation/cases/c-1");
    await userEvent.click(await screen.findByRole("radio", { name: /^Ban/ }, firstLoad));
    await userEvent.type(screen.getByRole("textbox", { name: "Reason the person reads" }), "Scam");
    await userEvent.click(screen.getByRole("button", { name: "Ban" }));
    const confirm = await screen.findByRole("dialog", { name: "Ban Bruno Stone?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Ban" }));
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Ban Bruno Stone?" })).getByRole("button", {
        name: "Ban",
      }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toEqual({
        action: "ban",
        reason: "Scam",
      }),
    );
    // An admin can change the person's role from the case.
    expect(screen.getByRole("combobox", { name: "Role of Bruno Stone" })).toHaveValue("member");
  });
});

describe("appeals", () => {
  const appeal = (canDecide: boolean) => ({
    _id: "ap-1",
    state: "open",
    text: "I was only joking",
    createdAt: "2026-01-04T00:00:00.000Z",
    decidedAt: null,
    decisionReason: null,
    person: { _id: "p-1", name: "Bruno Stone" },
    action: {
      _id: "a-1",
      caseId: "c-1",
      action: "suspend",
      days: 7,
      until: null,
      reason: "Threats",
      actor: { _id: "m-1", name: "Mona Mod" },
      createdAt: "2026-01-03T00:00:00.000Z",
    },
    canDecide,
  });

  it("upholds with the reason the person reads", async () => {
    serve("moderator", {
      "GET /moderation/appeals": () => ok([appeal(true)]),
      "POST /moderation/appeals/ap-1": () => ({ body: { status: 1, message: "ok" } }),
    });
    renderApp("/moderation/appeals");
    const item = await screen.findByText("I was only joking", {}, firstLoad);
    expect(item).toBeInTheDocument();
    expect(screen.getByText("Suspended for 7 days")).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole("textbox", { name: "Reason the person reads" }),
      "Threats are threats",
    );
    await userEvent.click(screen.getByRole("button", { name: "Uphold the decision" }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toEqual({
        decision: "uphold",
        reason: "Threats are threats",
      }),
    );
  });

  it("explains instead of offering a decision on one's own action", async () => {
    serve("moderator", { "GET /moderation/appeals": () => ok([appeal(false)]) });
    renderApp("/moderation/appeals");
    expect(
      await screen.findByText(MODERATION_MESSAGES.appealOwnAction, {}, firstLoad),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Overturn" })).not.toBeInTheDocument();
  });

  it("keeps the audit log from moderators", async () => {
    serve("moderator", {
      "GET /moderation/cases": () => ({
        body: { status: 1, message: "ok", data: [], nextCursor: null, openCount: 0 },
      }),
    });
    renderApp("/moderation/audit");
    expect(await screen.findByText("404 - PAGE NOT FOUND", {}, firstLoad)).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/moderation/audit"))).toBe(false);
  });
});
