import { vi } from "vitest";

export type FetchCall = {
  method: string;
  /** The path under the API base with its query, e.g. "/feed?limit=10" (or "/" for the site). */
  path: string;
  /** What fetch was called with, e.g. "/api/feed?limit=10". */
  url: string;
  body: unknown;
  headers: Headers;
  init: RequestInit;
};
export type Reply = { status?: number; body?: unknown };
/**
 * Answers one call: a reply, undefined for a 404, or a promise of either (to hold the answer
 * back until the test lets it go). Throwing or rejecting makes fetch fail as offline does.
 */
type Handler = (call: FetchCall) => Reply | undefined | Promise<Reply | undefined>;

/**
 * Replaces fetch with a small fake server: `handler` answers each call (undefined means 404).
 * Returns the list of calls so a test can check what was (or was not) sent. This is the one way
 * the web tests mock the network.
 */
export function mockFetch(handler: Handler) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: FetchCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname.replace(/^\/api(?=\/)/, "") + url.search,
      url: String(input),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
      init,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? {
      status: 404,
      body: { status: 0, code: "NOT_FOUND", message: "Not found" },
    };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** A success envelope around `data`, as the API answers. */
export function ok(data: unknown, status = 200): Reply {
  return { status, body: { status: 1, message: "ok", data } };
}

/** An error answer with the contract's error body. */
export function failure(status: number, code: string, message: string): Reply {
  return { status, body: { status: 0, code, message } };
}

/** What fetch does when the network is down: it rejects. */
export function offline(): never {
  throw new TypeError("offline");
}

/** A call the test answers later: `reply` is the handler's answer, `answer` lets it go. */
export function deferred() {
  let answer: (reply: Reply) => void = () => {};
  const reply = new Promise<Reply>((resolve) => {
    answer = resolve;
  });
  return { reply, answer };
}
