import type { WebSocket } from "@fastify/websocket";
import {
  CHAT_CLOSE_FORBIDDEN_ORIGIN,
  CHAT_CLOSE_TOO_MANY_FRAMES,
  CHAT_CLOSE_TOO_MANY_SOCKETS,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_RESUME_PAGE_SIZE,
  CHAT_SOCKET_FRAME_BURST,
  CHAT_SOCKET_FRAMES_PER_SECOND,
  CHAT_TYPING_INTERVAL_MS,
  type ChatClientEvent,
  type ChatServerEvent,
  chatClientEventSchema,
} from "@kindred/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../../plugins/errors.ts";
import { findLiveSession, SESSION_COOKIE } from "../../plugins/session.ts";
import { connectionIdsOf, findConnectionId } from "../requests/service.ts";
import { sendEvent } from "./hub.ts";
import { findChangedAfter, findMessagesAfter, findSeenAfter } from "./repository.ts";

/** A token bucket: `burst` frames at once, refilled at `perSecond`. */
export function createFrameBudget(burst: number, perSecond: number, now = Date.now) {
  let tokens = burst;
  let at = now();
  return {
    take(): boolean {
      const time = now();
      tokens = Math.min(burst, tokens + ((time - at) / 1000) * perSecond);
      at = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a socket's Origin is one of our own pages: the configured public origin, or, when that
 * origin is itself on this machine (`localhost`, `127.0.0.1`, `[::1]`), another of those spellings
 * with the same scheme and port: a newcomer who opens 127.0.0.1:7777 gets the same live page. A
 * public origin accepts only itself, whatever NODE_ENV says.
 */
export function isOwnPageOrigin(publicOrigin: string, origin: string | undefined): boolean {
  if (origin === undefined) return false;
  if (origin === publicOrigin) return true;
  let own: URL;
  let other: URL;
  try {
    own = new URL(publicOrigin);
    other = new URL(origin);
  } catch {
    return false;
  }
  return (
    LOOPBACK_HOSTS.has(own.hostname) &&
    LOOPBACK_HOSTS.has(other.hostname) &&
    other.origin === origin &&
    other.protocol === own.protocol &&
    other.port === own.port
  );
}

/** The close reason of a refused origin: where the live page is (a reason holds 123 bytes). */
function forbiddenOriginReason(publicOrigin: string): string {
  const reason = `Open ${publicOrigin}`;
  return Buffer.byteLength(reason) <= 123 ? reason : "Forbidden origin";
}

type Parsed = { ok: true; event: ChatClientEvent } | { ok: false; message: string };

/** A client frame through the shared schema; anything else is named, never thrown. */
export function parseClientFrame(raw: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: "Events are JSON." };
  }
  const parsed = chatClientEventSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: "Unknown or malformed event." };
  return { ok: true, event: parsed.data };
}

/**
 * The chat socket's life cycle. Every frame is budgeted from the first byte (over budget: 4408)
 * and parsed by the shared schema; the session is read through the session plugin and, once it
 * ends (logout, password reset), the hub closes the socket with 4401; an account holds at most
 * CHAT_SOCKETS_PER_ACCOUNT sockets on a process (the next one: 4409); a resume runs one at a time
 * and answers one page.
 */
export function registerChatSocket(app: FastifyInstance): void {
  /** Each open socket's goodbye: it leaves the hub and, if it was its person's last, says so. */
  const farewells = new Map<WebSocket, () => void>();
  /** Goodbyes under way. */
  const leaving = new Set<Promise<void>>();
  // A closing server closes its sockets, but their close events come after the database and the
  // hub are gone (the closing handshake takes a round trip): the goodbyes are said here instead,
  // before them (onClose hooks run in reverse order of registration), so the person's connections
  // on other processes learn that they went offline.
  app.addHook("onClose", async () => {
    for (const forget of [...farewells.values()]) forget();
    await Promise.allSettled([...leaving]);
  });

  /** Tells the user's connections that the user came online or left. */
  async function announcePresence(userId: string, online: boolean) {
    const connections = await connectionIdsOf(app.db, userId);
    await app.chatHub.publish(connections, { type: "presence", userId, online });
  }

  /**
   * The messages after `after`: one page, and whether later ones remain; with the messages up to
   * it changed since (edits, deletions, reactions) and where each other person's reading moved.
   */
  async function resumePage(userId: string, after: string): Promise<ChatServerEvent> {
    const point = after.toLowerCase();
    const [rows, changed, seen] = await Promise.all([
      findMessagesAfter(app.db, userId, point, CHAT_RESUME_PAGE_SIZE + 1),
      findChangedAfter(app.db, userId, point, CHAT_RESUME_PAGE_SIZE + 1),
      findSeenAfter(app.db, userId, point),
    ]);
    return {
      type: "resumed",
      messages: [
        ...changed.slice(0, CHAT_RESUME_PAGE_SIZE),
        ...rows.slice(0, CHAT_RESUME_PAGE_SIZE),
      ],
      more: rows.length > CHAT_RESUME_PAGE_SIZE || changed.length > CHAT_RESUME_PAGE_SIZE,
      seen,
    };
  }

  /**
   * Tells `to` that the user is typing, when the two are connected (a block or a removal ends
   * it); the caller counts it at most every CHAT_TYPING_INTERVAL_MS.
   */
  async function announceTyping(userId: string, to: string): Promise<void> {
    const other = to.toLowerCase();
    if (other === userId || !(await findConnectionId(app.db, userId, other))) return;
    await app.chatHub.publish([other], { type: "typing", userId });
  }

  app.route({
    method: "GET",
    url: "/chat/socket",
    schema: { hide: true },
    // A plain GET (no upgrade) gets the contract's error body.
    handler: async () => {
      throw new HttpError(400, "WEBSOCKET_ONLY", "This address takes a WebSocket connection.");
    },
    wsHandler: async (socket: WebSocket, request: FastifyRequest) => {
      const budget = createFrameBudget(CHAT_SOCKET_FRAME_BURST, CHAT_SOCKET_FRAMES_PER_SECOND);
      // Frames that arrive before the session is known wait for it (at most the budget's burst).
      const early: string[] = [];
      let handle: ((raw: string) => void) | undefined;
      socket.on("message", (data: Buffer) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!budget.take()) {
          socket.close(CHAT_CLOSE_TOO_MANY_FRAMES, "Too many frames");
          return;
        }
        const raw = data.toString();
        if (handle) handle(raw);
        else early.push(raw);
      });

      // A page on another site would carry the person's cookie: only our own pages may connect.
      if (!isOwnPageOrigin(app.config.publicOrigin, request.headers.origin)) {
        socket.close(CHAT_CLOSE_FORBIDDEN_ORIGIN, forbiddenOriginReason(app.config.publicOrigin));
        return;
      }
      let session: Awaited<ReturnType<typeof findLiveSession>>;
      try {
        session = await findLiveSession(app, request.cookies[SESSION_COOKIE]);
      } catch (error) {
        request.log.warn({ err: error }, "chat socket: session lookup failed");
      }
      if (!session) {
        socket.close(CHAT_CLOSE_UNAUTHENTICATED, "Unauthenticated");
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      const user = session.userId;
      const { accepted, first } = await app.chatHub.addSocket(user, socket, session.idHash);
      if (!accepted) {
        socket.close(CHAT_CLOSE_TOO_MANY_SOCKETS, "Too many sockets");
        return;
      }
      if (first) announcePresence(user, true).catch(() => {});

      let forgotten = false;
      const forget = () => {
        if (forgotten) return;
        forgotten = true;
        farewells.delete(socket);
        const work = app.chatHub
          .removeSocket(user, socket)
          .then(async (last) => {
            if (!last) return;
            const still = await app.chatHub.online([user]);
            if (!still.has(user)) await announcePresence(user, false);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, "presence not announced"));
        leaving.add(work);
        void work.finally(() => leaving.delete(work));
      };
      farewells.set(socket, forget);
      // Closed while being registered: the close event has already gone by.
      if (socket.readyState === socket.CLOSED) forget();
      else socket.on("close", forget);

      // The badges first, so a tab starts right; counted after the socket joined the hub, so a
      // change from now on is announced to it as well.
      try {
        sendEvent(socket, { type: "unread", data: await app.notifications.unreadCounts(user) });
      } catch (error) {
        request.log.warn({ err: error }, "chat socket: unread counts not sent");
      }

      // One resume at a time: one that arrives while another runs is dropped (the client asks
      // again after the page it gets, if more remain). Typing counts once per interval; frames
      // between are dropped (they still spent the frame budget).
      let resuming = false;
      let typedAt = Number.NEGATIVE_INFINITY;
      handle = (raw) => {
        const parsed = parseClientFrame(raw);
        if (!parsed.ok) {
          sendEvent(socket, { type: "error", code: "BAD_EVENT", message: parsed.message });
          return;
        }
        const event = parsed.event;
        if (event.type === "typing") {
          const at = Date.now();
          if (at - typedAt < CHAT_TYPING_INTERVAL_MS) return;
          typedAt = at;
          announceTyping(user, event.to).catch((error: unknown) =>
            request.log.warn({ err: error }, "chat socket: typing not announced"),
          );
          return;
        }
        if (resuming) return;
        resuming = true;
        resumePage(user, event.after)
          .then((page) => sendEvent(socket, page))
          .catch((error: unknown) => request.log.warn({ err: error }, "chat socket: resume failed"))
          .finally(() => {
            resuming = false;
          });
      };
      for (const raw of early.splice(0)) handle(raw);
    },
  });
}
