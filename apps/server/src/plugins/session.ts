import { createHash, randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { preparedRows } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler: 401 UNAUTHENTICATED without a valid session, else sets `request.userId`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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

/** Starts a session for the user and sets its cookie; only the id's hash is stored. */
export async function createSession(reply: FastifyReply, userId: string): Promise<void> {
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await reply.server.db
    .insert(sessions)
    .values({ idHash: hashSessionId(sessionId), userId, expiresAt });
  setSessionCookie(reply, sessionId, expiresAt);
}

/** Ends the request's session, if any, and clears the cookie. */
export async function destroySession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.cookies[SESSION_COOKIE];
  if (sessionId) {
    try {
      await reply.server.db.delete(sessions).where(eq(sessions.idHash, hashSessionId(sessionId)));
    } catch (error) {
      // Logging out must always work for the user; the row expires on its own.
      request.log.error({ err: error }, "could not delete the session row");
    }
  }
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isSecure(reply.server),
  });
}

/** Ends every session of a user (password reset). */
export async function destroyUserSessions(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.delete(sessions).where(eq(sessions.userId, userId));
}

export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("userId", "");
    app.decorate("authenticate", async (request: FastifyRequest, reply: FastifyReply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId || sessionId.length > 100) {
        throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      }
      const idHash = hashSessionId(sessionId);
      const now = new Date();
      // Every signed-in call makes this lookup: a prepared statement, planned once.
      const extendBefore = new Date(now.getTime() + EXTEND_WHEN_LESS_THAN_MS);
      const [session] = await preparedRows<{ userId: string; extend: boolean }>(
        app.db,
        "session_lookup",
        sql`
          select user_id as "userId", expires_at < ${extendBefore.toISOString()}::timestamptz as extend
          from sessions
          where id_hash = ${idHash} and expires_at > ${now.toISOString()}::timestamptz
          limit 1
        `,
      );
      if (!session) throw new HttpError(401, "UNAUTHENTICATED", UNAUTHENTICATED_MESSAGE);
      if (session.extend) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await app.db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
        setSessionCookie(reply, sessionId, expiresAt);
      }
      request.userId = session.userId;
    });

    // Expired rows are never read again; sweep them now and then so the table stays small.
    const sweep = setInterval(
      () => {
        app.db
          .delete(sessions)
          .where(lt(sessions.expiresAt, new Date()))
          .catch((error: unknown) => app.log.warn({ err: error }, "session sweep failed"));
      },
      60 * 60 * 1000,
    );
    sweep.unref();
    app.addHook("onClose", async () => clearInterval(sweep));
  },
  { name: "session", dependencies: ["@fastify/cookie"] },
);
