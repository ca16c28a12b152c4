import type { Card, ReceivedRequest } from "@kindred/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MotionGlobalConfig } from "motion/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-client.ts";
import { setXsrfCookie } from "@/test/render.tsx";
import { RequestsPage } from "./requests-page.tsx";

function sender(id: string, firstName: string): Card {
  return {
    _id: id,
    firstName,
    lastName: "Sender",
    photoUrl: `/api/avatars/${id}.svg`,
    age: 30,
    gender: "male",
    about: "",
    skills: ["Go", "Rust", "SQL"],
  };
}

function request(id: string, from: Card): ReceivedRequest {
  return { _id: id, fromUserId: from, createdAt: "2025-01-01T00:00:00.000Z" };
}

type Call = { method: string; url: string };
let calls: Call[];

function stubApi(handler: (call: Call) => Promise<Response> | Response) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", url: String(input) };
      calls.push(call);
      return handler(call);
    }),
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ok = (data: unknown) => json(200, { status: 1, message: "ok", data });

function renderRequests() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RequestsPage />
      </MemoryRouter>
    </QueryClientProvider>,
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
    stubApi(() => ok([]));
    renderRequests();
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByText("No Requests Found")).toBeInTheDocument();
  });

  it("accepts at once, calls review/accepted and refreshes the connections", async () => {
    let answerReview: (response: Response) => void = () => {};
    stubApi((call) => {
      if (call.url.includes("/request/review/")) {
        return new Promise((resolve) => {
          answerReview = resolve;
        });
      }
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
    expect(calls).toContainEqual({ method: "POST", url: "/api/request/review/accepted/r1" });

    answerReview(json(200, { status: 1, message: "ok", data: { _id: "r1", status: "accepted" } }));
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.connections)?.isInvalidated).toBe(true),
    );
  });

  it("rejects at once and keeps the request gone when the call fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    stubApi((call) =>
      call.url.includes("/request/review/")
        ? json(404, { status: 0, code: "NOT_FOUND", message: "No such request" })
        : ok([request("r1", sender("s1", "Sam"))]),
    );
    renderRequests();
    const samCard = await screen.findByRole("article", { name: "Sam Sender" });
    await userEvent.click(within(samCard).getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("No Requests Found")).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(calls).toContainEqual({ method: "POST", url: "/api/request/review/rejected/r1" });
    expect(screen.queryByRole("article", { name: "Sam Sender" })).not.toBeInTheDocument();
  });
});
