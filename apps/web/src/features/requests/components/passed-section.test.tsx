import type { PendingSentRequest, SendStatus } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { actor } from "@/test/notification-fixtures.ts";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import {
  deferred,
  type FetchCall,
  failure,
  mockFetch,
  type Reply,
  setXsrfCookie,
} from "@/test/render.tsx";
import { PassedSection } from "./passed-section.tsx";

function sent(id: string, firstName: string, status: SendStatus): PendingSentRequest {
  return {
    _id: id,
    toUserId: { ...actor(`u-${id}`, firstName), skills: ["Chess", "Go"] },
    status,
    createdAt: "2026-11-28T10:00:00.000Z",
  };
}

function page(items: PendingSentRequest[], nextCursor: string | null = null): Reply {
  return { status: 200, body: { status: 1, message: "Requests loaded", data: items, nextCursor } };
}

type Routes = Record<string, (call: FetchCall) => Reply | Promise<Reply> | undefined>;
let calls: FetchCall[];

function serve(routes: Routes) {
  calls = mockFetch((call) => routes[`${call.method} ${call.path}`]?.(call));
}

const PASSED = "GET /user/requests/sent?status=ignored";
const WAITING = "GET /user/requests/sent?status=interested";

beforeEach(() => {
  setXsrfCookie();
});

function list(name: string) {
  return screen.findByRole("list", { name });
}

describe("Settings: Passed", () => {
  it("lists the people I passed with Undo and my waiting requests with Withdraw", async () => {
    serve({
      [PASSED]: () => page([sent("r1", "Ana", "ignored"), sent("r2", "Bo", "ignored")]),
      [WAITING]: () => page([sent("r3", "Cy", "interested")]),
    });
    renderWithQueryClient(<PassedSection />);
    expect(screen.getByRole("region", { name: "Passed" })).toBeInTheDocument();
    const passed = await list("People you passed");
    expect(
      within(passed)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining("Ana Actor"), expect.stringContaining("Bo Actor")]);
    expect(within(passed).getByRole("button", { name: "Undo passing Ana Actor" })).toBeVisible();
    const waiting = await list("Requests waiting for an answer");
    expect(
      within(waiting).getByRole("button", { name: "Withdraw request to Cy Actor" }),
    ).toBeVisible();
    expect(within(waiting).getByText("Chess, Go")).toBeInTheDocument();
  });

  it("says what each list is for when it is empty", async () => {
    serve({ [PASSED]: () => page([]), [WAITING]: () => page([]) });
    renderWithQueryClient(<PassedSection />);
    expect(await screen.findByText(/You haven't passed anyone\./)).toBeInTheDocument();
    expect(await screen.findByText(/No requests waiting\./)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Undo|Withdraw/ })).not.toBeInTheDocument();
  });

  it("shows rows while loading, then an error with Try again that loads again", async () => {
    const first = deferred();
    let asked = 0;
    serve({
      [PASSED]: () => {
        asked++;
        return asked === 1 ? first.reply : page([sent("r1", "Ana", "ignored")]);
      },
      [WAITING]: () => page([]),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<PassedSection />);
    expect(screen.getByRole("status", { name: "Loading people you passed" })).toBeInTheDocument();
    first.answer(failure(503, "DB_UNAVAILABLE", "Try again later"));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Couldn't load the people you passed.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await list("People you passed")).toHaveTextContent("Ana Actor");
  });

  it("loads the next page by its cursor with Show more", async () => {
    serve({
      [PASSED]: () => page([sent("r1", "Ana", "ignored")], "next-1"),
      [`${PASSED}&cursor=next-1`]: () => page([sent("r2", "Bo", "ignored")]),
      [WAITING]: () => page([]),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<PassedSection />);
    await list("People you passed");
    await user.click(screen.getByRole("button", { name: "Show more" }));
    const passed = await list("People you passed");
    await waitFor(() => expect(within(passed).getAllByRole("listitem")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
  });

  it("Undo takes the person off at once, deletes the request and refreshes Discover", async () => {
    const undone = deferred();
    serve({
      [PASSED]: () => page([sent("r1", "Ana", "ignored"), sent("r2", "Bo", "ignored")]),
      [WAITING]: () => page([]),
      "DELETE /request/r1": () => undone.reply,
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithQueryClient(<PassedSection />);
    queryClient.setQueryData(queryKeys.feed, { pages: [], pageParams: [] });
    const passed = await list("People you passed");
    await user.click(within(passed).getByRole("button", { name: "Undo passing Ana Actor" }));
    expect(within(passed).queryByText("Ana Actor")).not.toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: "DELETE", path: "/request/r1" }),
    );
    undone.answer({
      status: 200,
      body: { status: 1, message: "Request undone", data: { _id: "r1" } },
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.feed)?.isInvalidated).toBe(true),
    );
    expect(within(passed).getByText("Bo Actor")).toBeInTheDocument();
  });

  it("Withdraw puts the request back when it fails", async () => {
    serve({
      [PASSED]: () => page([]),
      [WAITING]: () => page([sent("r3", "Cy", "interested")]),
      "DELETE /request/r3": () => failure(503, "DB_UNAVAILABLE", "Try again later"),
    });
    const user = userEvent.setup();
    renderWithQueryClient(<PassedSection />);
    const waiting = await list("Requests waiting for an answer");
    await user.click(within(waiting).getByRole("button", { name: "Withdraw request to Cy Actor" }));
    expect(await within(waiting).findByText("Cy Actor")).toBeInTheDocument();
  });
});
