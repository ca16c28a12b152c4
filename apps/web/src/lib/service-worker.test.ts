import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

/**
 * The service worker (public/sw.js) run in a sandbox with a fake worker scope, so its push and
 * notification-click handlers are exercised as the browser calls them. The e2e test covers the
 * same worker in Chromium, where a system notification cannot be clicked.
 */
const source = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), "../../public/sw.js"),
  "utf8",
);
const ORIGIN = "https://kindred.example";

type FakeClient = {
  url: string;
  focused: boolean;
  visibilityState: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
};

function fakeClient(url: string, { focused = false, controlled = true } = {}): FakeClient {
  const client: FakeClient = {
    url,
    focused,
    visibilityState: "visible",
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError("not controlled");
      client.url = to;
      return client;
    }),
  };
  return client;
}

function loadWorker(clients: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  };
  runInNewContext(source, { self, URL, Request, Response, caches: {}, fetch, console });

  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return {
    shown,
    opened,
    push: (data: unknown) =>
      dispatch("push", {
        data:
          data === undefined
            ? null
            : {
                json: () => JSON.parse(typeof data === "string" ? data : JSON.stringify(data)),
              },
      }),
    click: (url: unknown) => {
      const close = vi.fn();
      return dispatch("notificationclick", { notification: { data: { url }, close } }).then(
        () => close,
      );
    },
  };
}

describe("the service worker's push handler", () => {
  it("shows the payload's title, body and tag, with the address to open", async () => {
    const worker = loadWorker();
    await worker.push({
      title: "Ana wants to connect",
      body: "Ana and 2 others sent you a request",
      url: "/requests",
      tag: "request_received:abc",
    });
    expect(worker.shown).toEqual([
      {
        title: "Ana wants to connect",
        options: expect.objectContaining({
          body: "Ana and 2 others sent you a request",
          tag: "request_received:abc",
          renotify: true,
          data: { url: `${ORIGIN}/requests` },
          icon: "/icons/icon-192.png",
          badge: "/icons/badge-96.png",
        }),
      },
    ]);
  });

  it("shows a generic Kindred notification for a payload it cannot read", async () => {
    for (const payload of ["not json", { body: "no title" }, undefined]) {
      const worker = loadWorker();
      await worker.push(payload);
      expect(worker.shown[0]?.title).toBe("Kindred");
      expect(worker.shown[0]?.options.data).toEqual({ url: `${ORIGIN}/notifications` });
    }
  });

  it("never carries a foreign address into the notification", async () => {
    const worker = loadWorker();
    await worker.push({ title: "Hi", body: "", url: "https://evil.example/steal", tag: "" });
    expect(worker.shown[0]?.options.data).toEqual({ url: `${ORIGIN}/notifications` });
    expect(worker.shown[0]?.options.tag).toBeUndefined();
  });
});

describe("the service worker's notification click", () => {
  it("closes the notification and sends the focused Kindred tab to its page", async () => {
    const other = fakeClient(`${ORIGIN}/home`);
    const focused = fakeClient(`${ORIGIN}/profile`, { focused: true });
    const worker = loadWorker([other, focused]);
    const close = await worker.click(`${ORIGIN}/chat/u1`);
    expect(close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/chat/u1`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(worker.opened).toEqual([]);
  });

  it("focuses a tab already on the page without reloading it", async () => {
    const onPage = fakeClient(`${ORIGIN}/requests`);
    const worker = loadWorker([fakeClient(`${ORIGIN}/home`, { focused: true }), onPage]);
    await worker.click(`${ORIGIN}/requests`);
    expect(onPage.focus).toHaveBeenCalled();
    expect(onPage.navigate).not.toHaveBeenCalled();
  });

  it("opens a new window when no Kindred tab is open", async () => {
    const worker = loadWorker([fakeClient("https://elsewhere.example/")]);
    await worker.click(`${ORIGIN}/requests`);
    expect(worker.opened).toEqual([`${ORIGIN}/requests`]);
  });

  it("opens a window when the open tab cannot be navigated", async () => {
    const tab = fakeClient(`${ORIGIN}/home`, { focused: true, controlled: false });
    const worker = loadWorker([tab]);
    await worker.click(`${ORIGIN}/requests`);
    expect(worker.opened).toEqual([`${ORIGIN}/requests`]);
  });

  it("never opens a foreign address", async () => {
    const worker = loadWorker();
    await worker.click("https://evil.example/steal");
    await worker.click("javascript:alert(1)");
    expect(worker.opened).toEqual([`${ORIGIN}/notifications`, `${ORIGIN}/notifications`]);
  });
});
