import { chmodSync, unlinkSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { ROLES, type Role } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client.ts";
import { setRole } from "../modules/users/service.ts";

/** The socket `npm run admin` reaches a running server through, in its data folder. */
export const ADMIN_SOCKET_FILE = "admin.sock";

export function adminSocketPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_SOCKET_FILE);
}

/** What the command asks: a role for the account with this email (`member` revokes). */
export const roleCommandSchema = z.object({
  email: z.email().max(254),
  role: z.enum(ROLES),
});

export type RoleCommandAnswer =
  | { ok: true; email: string; role: Role; previous: Role }
  | { ok: false; message: string };

/** Applies one role command to the database the app has open. */
export async function applyRoleCommand(
  app: FastifyInstance,
  body: unknown,
): Promise<{ status: number; answer: RoleCommandAnswer }> {
  const parsed = roleCommandSchema.safeParse(body);
  if (!parsed.success) {
    return { status: 400, answer: { ok: false, message: "Send {email, role}." } };
  }
  const { email, role } = parsed.data;
  const change = await setRole(app.db, email, role, app.now());
  if (!change) {
    return { status: 404, answer: { ok: false, message: `No account has the email ${email}.` } };
  }
  app.log.info(
    { userId: change.userId, role: change.role, previous: change.previous, by: "admin command" },
    "role changed",
  );
  return { status: 200, answer: { ok: true, ...change } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 4096) request.destroy(new Error("too large"));
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

/** `GET /backup`: the open database's consistent copy (a gzipped tar), for `npm run backup`. */
async function answerBackup(
  app: FastifyInstance,
  database: () => Promise<DatabaseHandle>,
  response: ServerResponse,
): Promise<boolean> {
  await app.databaseReady;
  const handle = await database();
  if (!handle.backup) return false;
  const started = Date.now();
  const bytes = await handle.backup();
  app.log.info({ bytes: bytes.byteLength, ms: Date.now() - started }, "backup taken");
  response
    .writeHead(200, { "content-type": "application/gzip", "content-length": bytes.byteLength })
    .end(bytes);
  return true;
}

/**
 * The embedded database has one owner, the server holding the data folder: `npm run admin`
 * changes roles through it, and `npm run backup` copies the database through it, over a Unix
 * socket in the folder that only the folder's owner may open (mode 0600). Nothing listens on the
 * network for it.
 */
export const adminSocketPlugin = fp(
  async (app: FastifyInstance, opts: { database: () => Promise<DatabaseHandle> }) => {
    const { dataDir, databaseUrl } = app.config;
    if (databaseUrl || dataDir.startsWith("memory://")) return;
    const socketPath = adminSocketPath(dataDir);
    const answer = async (request: IncomingMessage, response: ServerResponse) => {
      let status = 404;
      let body: RoleCommandAnswer = { ok: false, message: "Unknown command." };
      try {
        if (request.method === "GET" && request.url === "/backup") {
          if (await answerBackup(app, opts.database, response)) return;
        } else if (request.method === "POST" && request.url === "/roles") {
          await app.databaseReady;
          ({ status, answer: body } = await applyRoleCommand(
            app,
            JSON.parse(await readBody(request)),
          ));
        }
      } catch (error) {
        app.log.error({ err: error }, "admin command failed");
        if (response.headersSent) {
          response.destroy();
          return;
        }
        status = 500;
        body = { ok: false, message: "The server could not apply the command; see its log." };
      }
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    let server: Server | undefined;
    app.addHook("onReady", async () => {
      // The data folder is locked to this process (buildApp), so a socket file left here is a
      // crashed server's.
      try {
        unlinkSync(socketPath);
      } catch {}
      server = createServer((request, response) => void answer(request, response));
      await new Promise<void>((resolve, reject) => {
        server?.once("error", reject).listen(socketPath, () => resolve());
      });
      chmodSync(socketPath, 0o600);
    });
    app.addHook("onClose", async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      try {
        unlinkSync(socketPath);
      } catch {}
    });
  },
  { name: "admin-socket" },
);
