import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Card, Me, ProfileEditBody, SignupBody } from "@kindred/shared";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request,
} from "@playwright/test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { STORAGE_KEYS } from "../apps/web/src/config/ui.ts";
import { freshOutboxDirs } from "./fresh-server.ts";

export { expect };

export const PASSWORD = "correct-horse-battery";

/** The age of the people the fixtures sign up: an adult, so that they meet each other. */
export const TEST_AGE = 30;

export type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** Sign-up fields plus the profile fields that only an edit can set. */
export type NewUser = Partial<SignupBody> &
  Pick<ProfileEditBody, "gender" | "age" | "about" | "photoUrl"> & {
    /** Verified with the mailed code unless false (an unverified account sends nothing). */
    verified?: boolean;
    /** The account's time zone; a zone where it is night now unless told (see nightZone). */
    timeZone?: string;
  };

export type TestUser = {
  me: Me;
  emailId: string;
  password: string;
  /** The session and XSRF cookies, ready for `browser.newContext({ storageState })`. */
  storageState: StorageState;
};

/**
 * A time zone where it is between 02:00 and 06:00 now. Today's picks are made at 09:00 in each
 * person's zone and arrive as a notification and a strip above the deck; test people live where
 * that is hours away, so what a test sees does not depend on the hour it runs. A test about the
 * picks or about zones sets its own.
 */
export function nightZone(now = new Date()): string {
  const hourIn = (zone: string) =>
    Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hour: "2-digit",
        hourCycle: "h23",
      }).format(now),
    );
  const zones = Intl.supportedValuesOf("timeZone");
  for (const wanted of [3, 4, 2, 5]) {
    const zone = zones.find((candidate) => hourIn(candidate) === wanted);
    if (zone) return zone;
  }
  throw new Error("no time zone is at night now");
}

/** A short tag that keeps names, emails and skills of parallel tests apart. */
export function uniqueId(): string {
  return Math.random().toString(36).slice(2, 8);
}

function xsrfToken(state: StorageState): string {
  const cookie = state.cookies.find((c) => c.name === "XSRF-TOKEN");
  if (!cookie) throw new Error("GET /api/health did not set the XSRF-TOKEN cookie");
  return decodeURIComponent(cookie.value);
}

/** The robot check's fields as the page sends them: a solved challenge and the empty honeypot. */
export async function botCheck(
  context: APIRequestContext,
): Promise<{ altcha: string; website: string }> {
  const response = await context.get("/api/altcha");
  expect(response.ok(), "GET /api/altcha").toBe(true);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the altcha challenge");
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  return { altcha, website: "" };
}

/** An API client that carries a session (or none) and the XSRF header on unsafe calls. */
export class ApiSession {
  private constructor(
    readonly context: APIRequestContext,
    private xsrf: string,
  ) {}

  static async open(baseURL: string, storageState?: StorageState): Promise<ApiSession> {
    const context = await request.newContext({ baseURL, storageState });
    const health = await context.get("/api/health");
    expect(health.ok(), "GET /api/health").toBe(true);
    return new ApiSession(context, xsrfToken(await context.storageState()));
  }

  async post<T>(url: string, data: unknown = {}): Promise<T> {
    return this.send<T>("POST", url, data);
  }

  async patch<T>(url: string, data: unknown = {}): Promise<T> {
    return this.send<T>("PATCH", url, data);
  }

  async put<T>(url: string, data: unknown = {}): Promise<T> {
    return this.send<T>("PUT", url, data);
  }

  async delete<T>(url: string, data: unknown = {}): Promise<T> {
    return this.send<T>("DELETE", url, data);
  }

  private async send<T>(
    method: "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    data: unknown,
  ): Promise<T> {
    const response = await this.context.fetch(url, {
      method,
      data: data as object,
      headers: { "X-XSRF-TOKEN": this.xsrf },
    });
    const body = await response.json();
    expect(response.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
    return body.data as T;
  }

  async get<T>(url: string): Promise<T> {
    const response = await this.context.get(url);
    const body = await response.json();
    expect(response.ok(), `GET ${url}: ${JSON.stringify(body)}`).toBe(true);
    return body.data as T;
  }

  /**
   * Signs someone up through the API, aged TEST_AGE unless told otherwise (a person without an
   * age meets nobody, and 13-17 and 18+ never meet), the terms accepted as the form does.
   */
  async signUp(overrides: NewUser = {}): Promise<TestUser> {
    const {
      gender,
      age = TEST_AGE,
      about,
      photoUrl,
      verified = true,
      timeZone = nightZone(),
      ...signup
    } = overrides;
    const id = uniqueId();
    const body: SignupBody = {
      firstName: `Tess${id}`,
      lastName: "Tester",
      emailId: `tess.${id}@example.com`,
      password: PASSWORD,
      skills: ["games", "cooking", "coding"],
      playerId: null,
      age,
      termsAccepted: true,
      ...signup,
    };
    let me = await this.post<Me>("/api/signup", { ...body, ...(await botCheck(this.context)) });
    if (verified) {
      me = await this.post<Me>("/api/email/verify", { code: await verificationCode(body.emailId) });
    }
    const profile = Object.fromEntries(
      Object.entries({ gender, about, photoUrl }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(profile).length > 0) me = await this.patch<Me>("/api/profile/edit", profile);
    await this.put("/api/account/settings", { timeZone });
    const storageState = await this.context.storageState();
    this.xsrf = xsrfToken(storageState);
    return { me, emailId: body.emailId, password: body.password, storageState };
  }

  /** Sends an interested (or ignored) signal from this session's user. */
  sendRequest(status: "interested" | "ignored", to: Pick<Card, "_id">) {
    return this.post<{ _id: string }>(`/api/request/send/${status}/${to._id}`);
  }

  dispose() {
    return this.context.dispose();
  }
}

/**
 * Every page of the run reports its console errors, uncaught errors and CSP violations here;
 * a test that leaves any behind fails (after its own checks), unless it allowed that message.
 */
const CSP_REPORTER = `document.addEventListener("securitypolicyviolation", (event) => {
  console.error("CSP violation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline"));
});`;

export function watchContext(context: BrowserContext, problems: string[]): void {
  void context.addInitScript({ content: CSP_REPORTER });
  const watchPage = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error")
        problems.push(`console error on ${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) =>
      problems.push(`uncaught error on ${page.url()}: ${error.message}`),
    );
  };
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
}

export type Fixtures = {
  /** Console errors and CSP violations seen so far in this test. */
  consoleProblems: string[];
  /** Lets this test expect console errors that match (a 401 it provokes on purpose). */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Fails the test on any console error or CSP violation (runs for every test). */
  failOnConsoleErrors: undefined;
  /** Signs a new person up through the API; every call is a new account. */
  createUser: (overrides?: NewUser) => Promise<TestUser>;
  /** An API session acting as that person. */
  apiAs: (user: TestUser) => Promise<ApiSession>;
  /** A page in a browser context of its own, signed in as that person by its session cookie. */
  signedInPage: (user: TestUser) => Promise<Page>;
  /** Joins the community through the API as a member of it only; every call is a new member. */
  joinCommunity: (uname?: string) => Promise<CommunityMember>;
};

const allowedByTest = new WeakMap<string[], RegExp[]>();

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  consoleProblems: async ({}, use) => {
    await use([]);
  },

  allowConsoleErrors: async ({ consoleProblems }, use) => {
    const allowed: RegExp[] = [];
    allowedByTest.set(consoleProblems, allowed);
    await use((pattern) => {
      allowed.push(pattern);
    });
  },

  failOnConsoleErrors: [
    async ({ consoleProblems }, use) => {
      await use(undefined);
      const allowed = allowedByTest.get(consoleProblems) ?? [];
      const unexpected = consoleProblems.filter(
        (problem) => !allowed.some((pattern) => pattern.test(problem)),
      );
      expect(unexpected, "console errors or CSP violations during the test").toEqual([]);
    },
    { auto: true },
  ],

  context: async ({ context, consoleProblems }, use) => {
    watchContext(context, consoleProblems);
    await use(context);
  },

  createUser: async ({ baseURL }, use) => {
    const sessions: ApiSession[] = [];
    await use(async (overrides) => {
      const session = await ApiSession.open(baseURL as string);
      sessions.push(session);
      return session.signUp(overrides);
    });
    await Promise.all(sessions.map((session) => session.dispose()));
  },

  apiAs: async ({ baseURL }, use) => {
    const sessions: ApiSession[] = [];
    await use(async (user) => {
      const session = await ApiSession.open(baseURL as string, user.storageState);
      sessions.push(session);
      return session;
    });
    await Promise.all(sessions.map((session) => session.dispose()));
  },

  signedInPage: async ({ browser, consoleProblems }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user) => {
      // Inside a test, a new context takes the configured options (baseURL, viewport, permissions).
      const context = await browser.newContext({ storageState: user.storageState });
      watchContext(context, consoleProblems);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  joinCommunity: async ({ baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (uname = `e2e.${uniqueId()}`) => {
      const context = await request.newContext({ baseURL });
      contexts.push(context);
      await context.get("/api/health");
      const xsrf = xsrfToken(await context.storageState());
      const response = await context.post("/api/community/fusionauth", {
        data: { uname, password: COMMUNITY_PASSWORD },
        headers: { "X-XSRF-TOKEN": xsrf },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const body = await response.json();
      const token = body.token as string;
      return {
        token,
        id: body.data.id as string,
        uname,
        async send<T = Record<string, unknown>>(
          method: "POST" | "PUT" | "DELETE",
          path: string,
          data: unknown = {},
        ): Promise<T> {
          const answer = await context.fetch(`/api/community${path}`, {
            method,
            data: data as object,
            headers: { "X-XSRF-TOKEN": xsrf, Authorization: `Bearer ${token}` },
          });
          expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
          return (await answer.json()).data as T;
        },
      };
    });
    await Promise.all(contexts.map((context) => context.dispose()));
  },
});

/** Skills no other test uses, so a test controls who shares skills with whom. */
export function uniqueSkills(id: string, ...names: string[]): string[] {
  return names.map((name) => `${name}-${id}`);
}

/** A person's name as the screens show it. */
export const fullName = (user: TestUser) => `${user.me.firstName} ${user.me.lastName}`;

/** Connects two people through the API: `asker` sends interest, `to` accepts as `accepter`. */
export async function connectByApi(asker: ApiSession, accepter: ApiSession, to: TestUser) {
  const sent = await asker.sendRequest("interested", to.me);
  await accepter.post(`/api/request/review/accepted/${sent._id}`);
}

/** Two new people connected through the API: Ana asked, Ben accepted. */
export async function connectedPair({ createUser, apiAs }: Pick<Fixtures, "createUser" | "apiAs">) {
  const id = uniqueId();
  const ana = await createUser({ firstName: `Ana${id}` });
  const ben = await createUser({ firstName: `Ben${id}` });
  await connectByApi(await apiAs(ana), await apiAs(ben), ben);
  return { ana, ben };
}

/** Opens the app on Discover, where a person who just signed in lands, and waits for it. */
export async function inApp(page: Page) {
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
}

/** Drags a card sideways with the mouse, in small steps as a hand would, past half its width. */
export async function dragCard(page: Page, target: Locator, direction: "left" | "right") {
  // A card that is still moving into its place is taken where it comes to rest, as a person
  // would: the same box on two reads a frame apart.
  // The box is the one read at rest: a third read could miss a card the list draws again.
  const atRest: { box?: Box } = {};
  await expect
    .poll(async () => {
      const before = await target.boundingBox();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      const after = await target.boundingBox();
      atRest.box = before !== null && after !== null && sameBox(before, after) ? after : undefined;
      return atRest.box !== undefined;
    })
    .toBe(true);
  const { box } = atRest;
  if (!box) throw new Error("the card is not on screen");
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  const distance = box.width * 0.75 * (direction === "right" ? 1 : -1);
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + distance, startY + 20, { steps: 20 });
  await page.mouse.up();
}

type Box = { x: number; y: number; width: number; height: number };

function sameBox(a: Box, b: Box): boolean {
  return (
    Math.abs(a.x - b.x) < 0.5 &&
    Math.abs(a.y - b.y) < 0.5 &&
    Math.abs(a.width - b.width) < 0.5 &&
    Math.abs(a.height - b.height) < 0.5
  );
}

/** Fills in the login form on screen and sends it. */
export async function logIn(page: Page, emailId: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(emailId);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Opens the sign-up form and fills it in as a person would (Enter after each tag); sends nothing. */
export async function fillSignup(
  page: Page,
  firstName: string,
  tags: string[],
  emailId = `${firstName.toLowerCase()}@example.com`,
) {
  await page.goto("/signup");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(emailId);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const input = page.getByPlaceholder("Add a tag");
  for (const tag of tags) {
    await input.fill(tag);
    await input.press("Enter");
  }
  // The form requires the terms (13 and over); the age stays optional.
  await page.getByLabel(/I am 13 or over and accept the Terms/).check();
}

export type OutboxMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

/** The latest verification code mailed to `email` (the sign-up's, or a new one's). */
export async function verificationCode(email: string): Promise<string> {
  const mails = await mailsTo(email);
  for (const mail of mails.reverse()) {
    const code = /verification code: (\d{6})$/.exec(mail.subject)?.[1];
    if (code) return code;
  }
  throw new Error(`no verification code was mailed to ${email}`);
}

/** The mails the server wrote for `email`, oldest first (names sort in sending order). */
export async function mailsTo(email: string): Promise<OutboxMail[]> {
  const dirs = [join(process.env.E2E_DATA_DIR as string, "outbox"), ...freshOutboxDirs];
  const files = await Promise.all(
    dirs.map(async (dir) =>
      (await readdir(dir).catch(() => [] as string[]))
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => join(dir, name)),
    ),
  );
  const mails = await Promise.all(
    files.flat().map(async (file) => JSON.parse(await readFile(file, "utf8"))),
  );
  return (mails as OutboxMail[]).filter((mail) => mail.to === email);
}

/** Waits for the n-th password reset code mailed to `email` and returns it. */
export async function codeFromOutbox(email: string, nth = 1): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const codes = (await mailsTo(email))
        // The sign-up's verification code is not a reset code.
        .filter((mail) => !/verification code: \d{6}$/.test(mail.subject))
        .map((mail) => mail.text.match(/^\s+(\d{6})$/m)?.[1])
        .filter((found): found is string => Boolean(found));
      code = codes[nth - 1] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** The password every community member the tests make joins with. */
export const COMMUNITY_PASSWORD = "community-password";

/** A member of the community only (no app account), made through the API. */
export type CommunityMember = {
  token: string;
  id: string;
  uname: string;
  /** Calls `/api/community${path}` as this member; the call must succeed. Answers its data. */
  send: <T = Record<string, unknown>>(
    method: "POST" | "PUT" | "DELETE",
    path: string,
    data?: unknown,
  ) => Promise<T>;
};

/** Creates something in the community as the member with `token`: the server must answer 201. */
export async function createAs(baseURL: string, token: string, path: string, data: object) {
  const context = await request.newContext({ baseURL });
  try {
    const response = await context.post(path, {
      data,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await context.dispose();
  }
}

/** Opens the site with the community token stored, as a member who joined earlier. */
export async function storeCommunityToken(page: Page, token: string) {
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [STORAGE_KEYS.communityToken, token],
  );
}

/** The community token the page keeps, or null. */
export function storedCommunityToken(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.communityToken);
}

/** The address the e2e server names in ADMIN_EMAILS (playwright.config.ts). */
export const ADMIN_EMAIL = "e2e.admin@example.com";

/**
 * The run's admin: signed up on first use, logged in when the account is there (a retry, or a
 * test in another worker that signed it up first, even while this one tried).
 */
export async function theAdmin(baseURL: string): Promise<TestUser> {
  const known = await logInAdmin(baseURL);
  if (known) return known;
  const session = await ApiSession.open(baseURL);
  try {
    return await session.signUp({ firstName: "Ada", lastName: "Admin", emailId: ADMIN_EMAIL });
  } catch (error) {
    const signedUpMeanwhile = await logInAdmin(baseURL);
    if (signedUpMeanwhile) return signedUpMeanwhile;
    throw error;
  } finally {
    await session.dispose();
  }
}

async function logInAdmin(baseURL: string): Promise<TestUser | null> {
  const session = await ApiSession.open(baseURL);
  try {
    const login = await session.context.fetch("/api/login", {
      method: "POST",
      data: { emailId: ADMIN_EMAIL, password: PASSWORD, playerId: null },
      headers: { "X-XSRF-TOKEN": await xsrfOf(session) },
    });
    if (!login.ok()) return null;
    const me = (await login.json()).data as Me;
    return {
      me,
      emailId: ADMIN_EMAIL,
      password: PASSWORD,
      storageState: await session.context.storageState(),
    };
  } finally {
    await session.dispose();
  }
}

async function xsrfOf(session: ApiSession): Promise<string> {
  const cookie = (await session.context.storageState()).cookies.find(
    (c) => c.name === "XSRF-TOKEN",
  );
  return decodeURIComponent(cookie?.value ?? "");
}
