import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/admin-command.ts";
import type { ApiScopes } from "../src/plugins/scopes.ts";
import { API_SCOPES } from "../src/routes.ts";
import {
  call,
  continueAs,
  createTestApp,
  signUpUser,
  tempDirsForFile,
  uniqueEmail,
} from "./helpers.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A route of each scope that says which scope answered, added beside the app's own. */
function withProbeRoutes(scopes: ApiScopes): ApiScopes {
  const probe = (name: string) => async (app: FastifyInstance) => {
    app.get(`/probe/${name}`, async () => ({ status: 1, message: name }));
    app.post(`/probe/${name}`, async () => ({ status: 1, message: name }));
  };
  return {
    ...scopes,
    public: [...scopes.public, probe("public")],
    signedIn: [...scopes.signedIn, probe("signed-in")],
    moderator: [...scopes.moderator, probe("moderator")],
    admin: [...scopes.admin, probe("admin")],
    community: [...scopes.community, probe("community")],
  };
}

// Registered first, so its hook runs last: the apps are closed before their folders go.
const tempDir = tempDirsForFile("kindred-roles-");
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function open(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(overrides, { apiScopes: withProbeRoutes(API_SCOPES) });
  apps.push(app);
  return app;
}

/** `npm run admin -- ...args` as a self-hoster runs it: a process of its own. */
function spawnAdmin(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "admin", "--", ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The same command run in this process (what the script runs, without starting Node again). */
async function runAdmin(env: Record<string, string>, ...args: string[]) {
  const outcome = await runAdminCommand(args, { ...process.env, LOG_LEVEL: "silent", ...env });
  return { code: outcome.code, output: outcome.message };
}

/** The environment that points the command at the app's database. */
function adminEnv(app: FastifyInstance): Record<string, string> {
  return app.config.databaseUrl
    ? { DATABASE_URL: app.config.databaseUrl }
    : { DATA_DIR: app.config.dataDir };
}

/**
 * An app whose database the command can reach while it runs: its own PostgreSQL database, or an
 * embedded one in a data folder of its own (the command then goes through the server's socket).
 */
async function openOnDisk(overrides: Parameters<typeof createTestApp>[0] = {}) {
  if (process.env.TEST_DATABASE_URL) return open(overrides);
  const dataDir = tempDir();
  const app = await open({ ...overrides, dataDir });
  await app.ready();
  return app;
}

describe("guards by scope", () => {
  it("answers 401 without a session in every signed-in scope, and lets the public one through", async () => {
    const app = await open();
    for (const method of ["GET", "POST"] as const) {
      for (const scope of ["signed-in", "moderator", "admin"]) {
        const response = await call(app, null, method, `/api/probe/${scope}`);
        expect(response.statusCode, `${method} ${scope}`).toBe(method === "GET" ? 401 : 403);
      }
      // Unsafe calls meet the XSRF check first, as they always have; with it, the 401.
      const xsrf = await app.inject({ method: "GET", url: "/api/health" });
      const token = xsrf.cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
      for (const scope of ["signed-in", "moderator", "admin"]) {
        const response = await app.inject({
          method,
          url: `/api/probe/${scope}`,
          headers: { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token },
          ...(method === "POST" ? { payload: {} } : {}),
        });
        expect(response.statusCode, `${method} ${scope}`).toBe(401);
        expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
      }
      const open = await app.inject({
        method,
        url: "/api/probe/public",
        headers: { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": token },
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(open.statusCode).toBe(200);
    }
  });

  it("answers 401 without a community token in the community's scope, and lets a member in", async () => {
    const app = await open();
    for (const method of ["GET", "POST"] as const) {
      const response = await call(app, null, method, "/api/community/probe/community");
      expect(response.statusCode, method).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
    }
    const person = await signUpUser(app);
    // A session is not a community token.
    expect((await call(app, person, "GET", "/api/community/probe/community")).statusCode).toBe(401);
    const { token } = await continueAs(app, person.headers);
    const member = await app.inject({
      method: "POST",
      url: "/api/community/probe/community",
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(member.statusCode).toBe(200);
  });

  it("lets a member into the signed-in scope and answers 403 FORBIDDEN in the role scopes", async () => {
    const app = await open();
    const member = await signUpUser(app);
    expect(member.me.role).toBe("member");
    expect((await call(app, member, "GET", "/api/probe/signed-in")).statusCode).toBe(200);
    for (const scope of ["moderator", "admin"]) {
      const response = await call(app, member, "GET", `/api/probe/${scope}`);
      expect(response.statusCode, scope).toBe(403);
      expect(response.json()).toEqual({
        status: 0,
        code: "FORBIDDEN",
        message: "You do not have permission to do this.",
      });
    }
  });

  it("declares the role scopes' 403 and every signed-in route's session in the OpenAPI document", async () => {
    const app = await open();
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const moderator = document.paths["/api/probe/moderator"].get;
    expect(Object.keys(moderator.responses)).toEqual(expect.arrayContaining(["401", "403"]));
    expect(moderator.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/feed"].get.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/probe/public"].get.security).toEqual([{}]);
  });
});

describe("npm run admin", () => {
  it("grants moderator while the server runs: requireRole then answers 200, and revoke takes it back", async () => {
    const app = await openOnDisk();
    const person = await signUpUser(app);
    expect((await call(app, person, "GET", "/api/probe/moderator")).statusCode).toBe(403);

    const granted = await spawnAdmin(
      adminEnv(app),
      "grant",
      person.me.emailId.toUpperCase(),
      "moderator",
    );
    expect(granted.output).toContain(`${person.me.emailId} is now moderator (was member).`);
    expect(granted.code).toBe(0);

    expect((await call(app, person, "GET", "/api/probe/moderator")).statusCode).toBe(200);
    // A moderator is not an admin.
    expect((await call(app, person, "GET", "/api/probe/admin")).statusCode).toBe(403);
    const me = await call(app, person, "GET", "/api/profile/view");
    expect(me.json().role).toBe("moderator");

    const admin = await runAdmin(adminEnv(app), "grant", person.me.emailId, "admin");
    expect(admin.code).toBe(0);
    // An admin may do what a moderator may.
    expect((await call(app, person, "GET", "/api/probe/moderator")).statusCode).toBe(200);
    expect((await call(app, person, "GET", "/api/probe/admin")).statusCode).toBe(200);

    const revoked = await runAdmin(adminEnv(app), "revoke", person.me.emailId);
    expect(revoked.output).toContain(`${person.me.emailId} is now member (was admin).`);
    expect((await call(app, person, "GET", "/api/probe/moderator")).statusCode).toBe(403);
  });

  it("refuses an unknown account, an unknown role and a malformed line, changing nothing", async () => {
    const app = await openOnDisk();
    const person = await signUpUser(app);
    const env = adminEnv(app);
    const unknown = await runAdmin(env, "grant", uniqueEmail(), "moderator");
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/No account has the email/);
    const role = await runAdmin(env, "grant", person.me.emailId, "owner");
    expect(role.code).toBe(2);
    expect(role.output).toContain('"owner" is not a role: member, moderator, admin.');
    const usage = await runAdmin(env, "promote", person.me.emailId);
    expect(usage.code).toBe(2);
    expect(usage.output).toContain("npm run admin -- grant <email> <role>");
    expect((await call(app, person, "GET", "/api/profile/view")).json().role).toBe("member");
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    "opens the embedded database itself when no server holds the folder",
    async () => {
      const dataDir = tempDir();
      const first = await createTestApp({ dataDir });
      const person = await signUpUser(first);
      await first.close();
      const granted = await runAdmin({ DATA_DIR: dataDir }, "grant", person.me.emailId, "admin");
      expect(granted.output).toContain("is now admin (was member)");
      const again = await open({ dataDir });
      const login = await again.inject({
        method: "POST",
        url: "/api/login",
        headers: person.headers,
        payload: { emailId: person.me.emailId, password: "correct horse battery" },
      });
      expect(login.json().data.role).toBe("admin");
    },
  );
});

describe("ADMIN_EMAILS", () => {
  it("makes a listed address an admin from sign-up, in any case", async () => {
    const email = uniqueEmail();
    const app = await open({ adminEmails: [email] });
    const admin = await signUpUser(app, { emailId: email.toUpperCase() });
    expect(admin.me.role).toBe("admin");
    expect((await call(app, admin, "GET", "/api/probe/admin")).statusCode).toBe(200);
    const other = await signUpUser(app);
    expect(other.me.role).toBe("member");
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    "makes an existing account an admin at the next start",
    async () => {
      const dataDir = tempDir();
      const first = await createTestApp({ dataDir });
      const person = await signUpUser(first);
      await first.close();
      const second = await open({ dataDir, adminEmails: [person.me.emailId] });
      expect((await call(second, person, "GET", "/api/profile/view")).json().role).toBe("admin");
    },
  );
});
