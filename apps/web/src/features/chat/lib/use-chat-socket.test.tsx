import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  type ChatMessage,
  type ChatPage,
  type Conversation,
} from "@kindred/shared";
import type { QueryClient } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { showToast } from "@/components/ui/toast.tsx";
import { chatContact, chatMessage } from "@/test/chat-fixtures.ts";
import { createTestQueryClient, wrapperFor } from "@/test/query-client.tsx";
import { forgetNewestMessage } from "./apply-chat-event.ts";
import { chatKeys } from "./chat-keys.ts";
import { MAX_RESUME_PAGES } from "./chat-socket.ts";
import { useChatSocket } from "./use-chat-socket.ts";

vi.mock("@/components/ui/toast.tsx", () => ({ showToast: vi.fn() }));

const ME = "00000000-0000-4000-8000-00000000000a";
const BEN = "00000000-0000-4000-8000-00000000000b";

/** A WebSocket stand-in: records what the hook sends and lets the test push frames. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  readonly sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number; reason?: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    act(() => this.onopen?.());
  }
  closeWith(code: number, reason: string) {
    act(() => this.onclose?.({ code, reason }));
  }
  receive(data: unknown) {
    act(() => this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) }));
  }
}

function message(n: number): ChatMessage {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
  const at = new Date(Date.UTC(2026, 10, 22, 10, 0, n)).toISOString();
  return chatMessage({ _id: id, fromUserId: BEN, toUserId: ME, createdAt: at, text: `text ${n}` });
}

const contact = () => chatContact(BEN, "Ben");

let queryClient: QueryClient;

/** The hook loads the socket's code first; the socket is there once that import resolved. */
async function mountWithSocket(): Promise<FakeSocket> {
  renderHook(() => useChatSocket(ME), { wrapper: wrapperFor(queryClient) });
  const socket = await vi.waitFor(() => {
    const opened = FakeSocket.instances.at(-1);
    if (!opened) throw new Error("no socket opened yet");
    return opened;
  });
  socket.open();
  return socket;
}

const history = () =>
  queryClient.getQueryData<ChatPage>(chatKeys.messages(BEN))?.messages.map((m) => m.text);

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  forgetNewestMessage();
  queryClient = createTestQueryClient();
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations, [
    { user: contact(), lastMessage: message(0), unread: 0, online: false },
  ]);
  queryClient.setQueryData<ChatPage>(chatKeys.messages(BEN), {
    messages: [message(0)],
    nextBefore: null,
    nextAfter: null,
  });
});

describe("useChatSocket", () => {
  it("tells the person live updates stopped when the server refuses the page's address", async () => {
    const socket = await mountWithSocket();
    socket.closeWith(CHAT_CLOSE_FORBIDDEN_ORIGIN, "Open http://localhost:7777");
    expect(vi.mocked(showToast)).toHaveBeenCalledWith(
      expect.stringContaining("Live updates are off on this address"),
      expect.objectContaining({ variant: "error" }),
    );
    expect(vi.mocked(showToast).mock.calls.at(-1)?.[0]).toContain("Open http://localhost:7777");
  });

  it("opens no socket when the tab signs out before the socket's code has loaded", async () => {
    const { unmount } = renderHook(() => useChatSocket(ME), { wrapper: wrapperFor(queryClient) });
    unmount();
    await vi.dynamicImportSettled();
    await Promise.resolve();
    expect(FakeSocket.instances).toEqual([]);
  });

  it("resumes after the newest message it knows and asks again while more remain", async () => {
    const socket = await mountWithSocket();
    expect(socket.sent).toEqual([{ type: "resume", after: message(0)._id }]);

    socket.receive({ type: "resumed", messages: [message(1), message(2)], more: true });
    expect(history()).toEqual(["text 0", "text 1", "text 2"]);
    expect(socket.sent.at(-1)).toEqual({ type: "resume", after: message(2)._id });

    socket.receive({ type: "resumed", messages: [message(3)], more: false });
    expect(history()).toEqual(["text 0", "text 1", "text 2", "text 3"]);
    expect(socket.sent).toHaveLength(2);
    expect(queryClient.getQueryData<Conversation[]>(chatKeys.conversations)?.[0]).toMatchObject({
      lastMessage: message(3),
      unread: 3,
    });
  });

  it(`reloads over HTTP instead when still behind after ${MAX_RESUME_PAGES} pages`, async () => {
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const socket = await mountWithSocket();
    for (let page = 1; page <= MAX_RESUME_PAGES; page++) {
      socket.receive({ type: "resumed", messages: [message(page)], more: true });
    }
    // The first resume and one more per page but the last.
    expect(socket.sent).toHaveLength(MAX_RESUME_PAGES);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["chat"] });
  });

  it("drops frames the shared schema refuses, with a warning, and keeps going", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const socket = await mountWithSocket();
    socket.receive("not json");
    socket.receive({ type: "message" });
    socket.receive({ type: "message", message: { ...message(1), createdAt: undefined } });
    socket.receive({ type: "resumed", messages: [message(1)] });
    socket.receive({ type: "something new", payload: 1 });
    expect(warn).toHaveBeenCalledTimes(5);
    expect(history()).toEqual(["text 0"]);

    socket.receive({ type: "message", message: message(4) });
    expect(history()).toEqual(["text 0", "text 4"]);
  });

  it("sends no resume when the tab knows no message yet", async () => {
    queryClient.clear();
    const socket = await mountWithSocket();
    expect(socket.sent).toEqual([]);
  });
});
