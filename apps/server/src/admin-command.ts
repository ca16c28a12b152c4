// What `npm run admin -- grant <email> <role>` and `npm run admin -- revoke <email>` do: name
// moderators and admins on the server's database (DATABASE_URL, or the embedded one in
// DATA_DIR). The embedded database has one owner: while a server holds the data folder, the command goes
// through it (its admin socket); otherwise it opens the folder itself, waiting its turn while
// another process holds it.
import { request as httpRequest } from "node:http";
import path from "node:path";
import { ROLES, type Role } from "@kindred/shared";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { acquireDataDirLock, DataDirLockedError } from "./db/data-dir-lock.ts";
import { setRole } from "./modules/users/service.ts";
import {
  adminSocketPath,
  type RoleCommandAnswer,
  roleCommandSchema,
} from "./plugins/admin-socket.ts";

const USAGE = `Usage:
  npm run admin -- grant <email> <role>   role: ${ROLES.join(", ")}
  npm run admin -- revoke <email>         back to member`;

/** How long the command waits for a starting server, or for another holder of the folder. */
const WAIT_MS = 60_000;
const RETRY_MS = 250;

type Command = { email: string; role: Role };

function parseArgs(args: string[]): Command | string {
  const [verb, email, role, ...rest] = args;
  if (verb === "grant" && email && role && rest.length === 0) {
    const parsed = roleCommandSchema.safeParse({ email: email.toLowerCase(), role });
    if (parsed.success) return parsed.data;
    return ROLES.includes(role as Role)
      ? `"${email}" is not an email address.`
      : `"${role}" is not a role: ${ROLES.join(", ")}.`;
  }
  if (verb === "revoke" && email && role === undefined) {
    const parsed = roleCommandSchema.safeParse({ email: email.toLowerCase(), role: "member" });
    return parsed.success ? parsed.data : `"${email}" is not an email address.`;
  }
  return USAGE;
}

/** Through the running server's socket; null when no server answers there. */
function throughServer(socketPath: string, command: Command): Promise<RoleCommandAnswer | null> {
  return new Promise((resolve) => {
    const body = JSON.stringify(command);
    const req = httpRequest(
      {
        socketPath,
        method: "POST",
        path: "/roles",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          try {
            resolve(JSON.parse(text) as RoleCommandAnswer);
          } catch {
            resolve({ ok: false, message: "The server answered something unexpected." });
          }
        });
      },
    );
    req.on("error", () => resolve(null));
    req.end(body);
  });
}

async function directly(options: Parameters<typeof openDatabase>[0], command: Command) {
  const handle = await openDatabase(options);
  try {
    const change = await setRole(handle.db, command.email, command.role, new Date());
    return change
      ? ({ ok: true, ...change } as const)
      : ({ ok: false, message: `No account has the email ${command.email}.` } as const);
  } finally {
    await handle.close();
  }
}

async function run(config: Config, command: Command): Promise<RoleCommandAnswer> {
  if (config.databaseUrl) return directly({ url: config.databaseUrl, poolSize: 1 }, command);
  const socketPath = adminSocketPath(config.dataDir);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const answered = await throughServer(socketPath, command);
    if (answered) return answered;
    try {
      const lock = acquireDataDirLock(config.dataDir);
      try {
        return await directly({ dataDir: path.join(config.dataDir, "pglite") }, command);
      } finally {
        lock.release();
      }
    } catch (error) {
      // A server is starting (its socket opens once it is ready) or another command runs.
      if (!(error instanceof DataDirLockedError) || Date.now() > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** What the command says, and its exit code: 0 done, 1 refused or failed, 2 a malformed line. */
export type AdminOutcome = { code: 0 | 1 | 2; message: string };

/** Runs one admin command line (`grant <email> <role>`, `revoke <email>`) with these settings. */
export async function runAdminCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<AdminOutcome> {
  const command = parseArgs(args);
  if (typeof command === "string") return { code: 2, message: command };
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return { code: 1, message: `Invalid configuration: ${error.message}` };
    }
    throw error;
  }
  try {
    const answer = await run(config, command);
    if (!answer.ok) return { code: 1, message: answer.message };
    return {
      code: 0,
      message:
        answer.previous === answer.role
          ? `${answer.email} was already ${answer.role}.`
          : `${answer.email} is now ${answer.role} (was ${answer.previous}).`,
    };
  } catch (error) {
    return { code: 1, message: error instanceof Error ? error.message : String(error) };
  }
}
