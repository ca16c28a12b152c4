import type { Card, ReceivedRequest } from "@kindred/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MotionGlobalConfig } from "motion/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { deferred, type FetchCall, failure, mockFetch, offline, ok } from "@/test/mock-fetch.ts";
import { renderWithQueryClient } from "@/test/query-client.tsx";
import { setXsrfCookie } from "@/test/render.tsx";
import { RequestsPage } from "./requests-page.tsx";

function sender(id: string, firstName: string): Card {
  return {
    _id: id,
    firstName,
    lastName: "Sender",
    photoUrl: `/api/avatars/${id}.svg`,
    photo: null,
    age: 30,
    gender: "male",
    about: "",
    skills: ["Go", "Rust", "SQL"],
    learning: [],
    campus: null,
  };
}

function request(id: string, from: Card): ReceivedRequest {
  return { _id: id, fromUserId: from, createdAt: "2025-01-01T00:00:00.000Z" };
}

let calls: FetchCall[];

function renderRequests() {
  const { queryClient } = renderWithQueryClient(
    <MemoryRouter>
      <RequestsPage />
    </MemoryRouter>,
  );
  return queryClient;
}

beforeEach(() => {
  MotionGlobalConfig.skipAnimations = true;
  setXsrfCookie();
});
afterEach(() => {
  MotionGlobalConfig.skipAnimations = false;
});

describe("RequestsPage", () => {
  it("shows 'Loading...' and then the empty text", async () => {
    calls = mockFetch(() => ok([]));
    renderRequests();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByText("No Requests Found")).toBeInTheDocument();
  });

  it("accepts at once, calls review/accepted and refreshes the connections", async () => {
    const review = deferred();
    calls = mockFetch((call) => {
      if (call.url.includes("/request/review/")) return review.reply;
      return ok([request("r1", sender("s1", "Sam")), request("r2", sender("s2", "Tom"))]);
    });
    const queryClient = renderRequests();
    queryClient.setQueryData(queryKeys.connections, []);
    const samCard = await screen.findByRole("article", { name: "Sam Sender" });

    await userEvent.click(within(samCard).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Sam Sender" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Tom Sender" })).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ method: "POST", url: "/api/request/review/accepted/r1" }),
    );

    review.answer(ok({ _id: "r1", status: "accepted" }));
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.connections)?.isInvalidated).toBe(true),
    );
  });

  it("rejects at once and keeps the request gone when it was already answered (404)", async () => {
    calls = mockFetch((call) =>
      call.url.includes("/request/review/")
        ? failure(404, "NOT_FOUND", "No such request")
        : ok([request("r1", sender("s1", "Sam"))]),
    );
    renderRequests();
    const samCard = await screen.findByRole("article", { name: "Sam Sender" });
    await userEvent.click(within(samCard).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("No Requests Found")).toBeInTheDocument();
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/review/rejected/r1" }),
      ),
    );
    expect(screen.queryByRole("article", { name: "Sam Sender" })).not.toBeInTheDocument();
  });

  it("puts the request back in its place when the call cannot reach the server", async () => {
    calls = mockFetch((call) => {
      if (call.url.includes("/request/review/")) return offline();
      return ok([request("r1", sender("s1", "Sam")), request("r2", sender("s2", "Tom"))]);
    });
    renderRequests();
    const tomCard = await screen.findByRole("article", { name: "Tom Sender" });
    await userEvent.click(within(tomCard).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: "POST", url: "/api/request/review/accepted/r2" }),
      ),
    );
    await waitFor(() =>
      expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(
        ["Sam Sender", "Tom Sender"],
      ),
    );
  });
});
