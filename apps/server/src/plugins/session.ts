import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { rankAhead } from "../modules/feed/ahead.ts";
import { describeDevice } from "../modules/sessions/device.ts";
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  extendSession,
  findSessionByHash,
  insertSession,
  type SessionAccount,
} from "../modules/sessions/repository.ts";
import { HttpError } from "./errors.ts";
import { setStoredLocale } from "./locale.ts";

/** Which sessions ended: one (logout) or every one of an account (password reset). */
export type SessionEnd = { sessionIdHash: string } | { userId: string };
type SessionEndListener = (end: SessionEnd) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHENTICATED without a valid session, else sets `request.userId`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Calls the listener whenever sessions end, so what they opened (chat sockets) ends too.
     * Callable from any plugin, registered before or after this one.
     */
    onSessionEnded: (listener: SessionEndListener) => void;
  }
  interface FastifyRequest {
    userId: string;
  }
}

export const SESSION_COOKIE = "token";
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
/** Extend at most about once a day: saves a write on every request. */
const EXTEND_WHEN_LESS_THAN_MS = 29 * DAY_MS;

export const UNAUTHENTICATED_MESSAGE = "Please log in to continue.";

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

function isSecure(app: FastifyInstance): boolean {
  return app.config.publicOrigin.startsWith("https:");
}

function setSessionCookie(reply: FastifyReply, sessionId: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecure(reply.server),
    expires: expiresAt,
  });
}

/**
 * Starts a session for the user and sets its cookie; only the id's hash is stored. The device's
 * push subscription, when given, is tied to the session so that logging out detaches it.
 */
export async function createSession(
  reply: FastifyReply,
  userId: string,
  pushSubscriptionId: string | null = null,
): Promise<void> {
  const sessionId = randomBytes(32).toString("base64url");
  const now = reply.server.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(reply.server.db, {
    idHash: hashSessionId(sessionId),
    userId,
    expiresAt,
    pushSubscriptionId,
    ...describeDevice(reply.request.headers["user-agent"]),
    lastSeenAt: now,
  });
  setSessionCookie(reply, sessionId, expiresAt);
  await rankAhead(reply.server, userId);
}

export type LiveSession = {
  userId: string;
  idHash: string;
  /** Set when this lookup slid the expiry forward: the cookie should follow. */
  renewedUntil?: Date;
};

/** What a session cookie's live session is looked up by: its id's hash and the moments compared. */
export type SessionKey = { idHash: string; now: Date; extendBefore: Date };

/** The key of a session cookie's value; undefined when the value cannot name a session. */
export function sessionKeyOf(sessionId: string | undefined, now: Date): SessionKey | undefined {
  if (!sessionId || sessionId.length > 100) return undefined;
  const extendBefore = new Date(now.getTime() + EXTEND_WHEN_LESS_THAN_MS);
  return { idHash: hashSessionId(sessionId), now, extendBefore };
}

/**
 * A session found by its key (by findSessionByHash, or joined to a statement of the route's own
 * with liveSession): slides its expiry forward when due (about once a day, or when its last use
 * was recorded a few minutes ago), recording this use.
 */
export async function keepSession(
  app: FastifyInstance,
  key: SessionKey,
  found: { userId: string; extend: boolean },
): Promise<LiveSession> {
  if (!found.extend) return { userId: found.userId, idHash: key.idHash };
  const renewedUntil = new Date(key.now.getTime() + SESSION_TTL_MS);
  await extendSession(app.db, key.idHash, renewedUntil, key.now);
  return { userId: found.userId, idHash: key.idHash, renewedUntil };
}

/**
 * The live session of a session cookie's value, sliding its expiry forward about once a day;
 * undefined when there is none. Used by every signed-in request and by the chat socket.
 */
export async function findLiveSession(
  app: FastifyInstance,
  sessionId: string | undefined,
): Promise<LiveSession | undefined> {
  const key = sessionKeyOf(sessionId, app.now());
  if (!key) return undefined;
  const found = await findSessionByHash(app.db, key.idHash, key.now, key.extendBefore);
  return found ? keepSession(app, key, found) : undefined;
}

/**
 * Signs the request in with a session its route found itself, in the statement that read what
 * the route needed (see liveSession): what `authenticate` does after its own lookup. A 401 when
 * there was none.
 */
export async function acceptSession(
  request: FastifyRequest,
  reply: FastifyReply,
  key: SessionKey | undefined,
  found: { userId: string; extend: boolean } | undefined,
): Promise<void> {
  if (!key || !found) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
  const session = await keepSession(reply.server, key, found);
  const sessionId = request.cookies[SESSION_COOKIE];
  if (session.renewedUntil && sessionId) setSessionCookie(reply, sessionId, session.renewedUntil);
  request.userId = session.userId;
}

const sessionAccounts = new WeakMap<FastifyRequest, SessionAccount>();

/**
 * The standing of the signed-in account as `authenticate` read it with the session (undefined
 * when the request was signed in otherwise): what the writes that reach others check.
 */
export function sessionAccountOf(request: FastifyRequest): SessionAccount | undefined {
  return sessionAccounts.get(request);
}

/** The listeners, decorated on the root so every child instance (a route's) reaches them. */
const END_LISTENERS = Symbol("sessionEndListeners");

function listenersOf(app: FastifyInstance): SessionEndListener[] {
  return (app as unknown as Record<symbol, SessionEndListener[] | undefined>)[END_LISTENERS] ?? [];
}

/** Tells every listener (the chat hub, on every process) that these sessions ended. */
export async function announceSessionEnd(app: FastifyInstance, end: SessionEnd): Promise<void> {
  const results = await Promise.allSettled(listenersOf(app).map((listener) => listener(end)));
  for (const result of results) {
    if (result.status === "rejected") {
      app.log.error({ err: result.reason }, "the end of a session was not announced");
    }
  }
}

/** Ends the request's session, if any, with what it opened, and clears the cookie. */
export async function destroySession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId) {
    const sessionIdHash = hashSessionId(sessionId);
    try {
      await deleteSession(reply.server.db, sessionIdHash);
    } catch (error) {
      // Logging out must always work for the user; the row expires on its own.
      request.log.error({ err: error }, "could not delete the session row");
    }
    await announceSessionEnd(reply.server, { sessionIdHash });
  }
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecure(reply.server),
  });
}

/**
 * Ends every session of a user and what they opened (password reset). Also safe to call after a
 * transaction that already deleted the rows: the sockets are closed all the same.
 */
export async function destroyUserSessions(app: FastifyInstance, userId: string): Promise<void> {
  await deleteUserSessions(app.db, userId);
  await announceSessionEnd(app, { userId });
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("userId", "");
    const listeners: SessionEndListener[] = [];
    app.decorate(END_LISTENERS, listeners);
    app.decorate("onSessionEnded", (listener: SessionEndListener) => {
      listeners.push(listener);
    });
    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      const key = sessionKeyOf(request.cookies[SESSION_COOKIE], app.now());
      const found = key && (await findSessionByHash(app.db, key.idHash, key.now, key.extendBefore));
      await acceptSession(request, reply, key, found);
      if (found) {
        sessionAccounts.set(request, found);
        setStoredLocale(request, found.locale);
      }
    });

    // Expired rows are never read again; sweep them now and then so the table stays small.
    const sweep = setInterval(
      () => {
        deleteExpiredSessions(app.db, app.now()).catch((error: unknown) =>
          app.log.warn({ err: error }, "session sweep failed"),
        );
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    app.addHook("onClose", async () => clearInterval(sweep));
  },
  { name: "session", dependencies: ["@fastify/cookie"] },
);
