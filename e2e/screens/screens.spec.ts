import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, type NewUser, type StorageState, type TestUser, test } from "../fixtures.ts";

const xsrfOf = (state: StorageState) =>
  decodeURIComponent(state.cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "");

// A review aid for people, not a check: `npm run screens -w @kindred/e2e` (after `npm run build`)
// writes every screen at both widths in both themes to e2e/.artifacts/screens/.

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.artifacts/screens");
const widths = [1280, 390] as const;
const themes = ["light", "dark"] as const;

type Screen = {
  name: string;
  signedIn: boolean;
  path: (ctx: {
    publicUrl: string;
    keptConversation: string;
    groupId: string;
    samId: string;
  }) => string;
  ready: (page: Page) => Promise<void>;
};

const screens: Screen[] = [
  {
    name: "landing",
    signedIn: false,
    path: () => "/",
    ready: async (page) => {
      await expect(page.locator("body")).not.toBeEmpty();
    },
  },
  {
    name: "login",
    signedIn: false,
    path: () => "/login",
    ready: async (page) => {
      await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    },
  },
  {
    name: "signup",
    signedIn: false,
    path: () => "/signup",
    ready: async (page) => {
      await expect(page.getByRole("button", { name: "Sign up" })).toBeVisible();
    },
  },
  {
    name: "profile",
    signedIn: true,
    path: () => "/profile",
    ready: async (page) => {
      await expect(page.getByText(/Welcome, /).first()).toBeVisible();
      await expect(page.getByLabel(/first name/i)).not.toHaveValue("");
    },
  },
  {
    name: "public-profile",
    signedIn: false,
    path: ({ publicUrl }) => new URL(publicUrl).pathname,
    ready: async (page) => {
      await expect(page.getByRole("button", { name: "Connect" })).toBeVisible();
    },
  },
  {
    name: "feed",
    signedIn: true,
    path: () => "/home",
    ready: async (page) => {
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "requests",
    signedIn: true,
    path: () => "/requests",
    ready: async (page) => {
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "connections",
    signedIn: true,
    path: () => "/connections",
    ready: async (page) => {
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "notifications",
    signedIn: true,
    path: () => "/notifications",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link").first()).toBeVisible();
    },
  },
  {
    name: "settings",
    signedIn: true,
    path: () => "/settings",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
      // The sign-in sections load after the page.
      await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Devices" })).toBeVisible();
    },
  },
  {
    name: "chat",
    signedIn: true,
    path: () => "/chat",
    ready: async (page) => {
      await expect(page.getByRole("link", { name: /Deleted account/ })).toBeVisible();
    },
  },
  {
    name: "chat-conversation",
    signedIn: true,
    path: ({ samId }) => `/chat/${samId}`,
    ready: async (page) => {
      const conversation = page.getByRole("region", { name: /^Conversation with / });
      await expect(conversation.getByText("Message deleted", { exact: true })).toBeVisible();
      await expect(conversation.getByRole("button", { name: /^👍 2/ })).toBeVisible();
      await expect
        .poll(() =>
          conversation
            .getByRole("button", { name: "Open photo 1 of 1" })
            .locator("img")
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBeGreaterThan(0);
    },
  },
  {
    name: "chat-deleted-account",
    signedIn: true,
    path: ({ keptConversation }) => `/chat/${keptConversation}`,
    ready: async (page) => {
      await expect(page.getByRole("note")).toBeVisible();
    },
  },
  {
    name: "community",
    signedIn: true,
    path: () => "/community",
    ready: async (page) => {
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "group",
    signedIn: true,
    path: ({ groupId }) => `/services/groups/${groupId}`,
    ready: async (page) => {
      await expect(page.getByRole("list", { name: "Members" })).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
    },
  },
  {
    name: "events",
    signedIn: true,
    path: () => "/services/events",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    },
  },
  {
    name: "search",
    signedIn: true,
    path: () => "/search?q=hikng",
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "People" })).toBeVisible();
    },
  },
  {
    name: "not-found",
    signedIn: false,
    path: () => "/no-such-page",
    ready: async (page) => {
      await expect(page.getByText("404 - PAGE NOT FOUND")).toBeVisible();
    },
  },
];

const people: NewUser[] = [
  {
    firstName: "Maya",
    lastName: "Okafor",
    gender: "female",
    age: 22,
    about: "Computer science student who loves board games and weekend hikes.",
    skills: ["TypeScript", "Hiking", "Board games", "Photography"],
  },
  {
    firstName: "Lucas",
    lastName: "Moreau",
    gender: "male",
    age: 27,
    about: "Backend engineer, amateur chef, always up for a chess match.",
    skills: ["TypeScript", "Hiking", "Cooking"],
  },
  {
    firstName: "Priya",
    lastName: "Raman",
    gender: "female",
    age: 24,
    about: "Designing friendly interfaces; learning Rust on the side.",
    skills: ["Design", "Rust", "Hiking"],
  },
  {
    firstName: "Sam",
    lastName: "Lee",
    gender: "other",
    age: 31,
    about: "Data scientist and climber.",
    skills: ["Python", "Climbing", "Board games"],
  },
  // More people in the feed, so the deck shows cards behind the top one.
  {
    firstName: "Jonas",
    lastName: "Berg",
    gender: "male",
    age: 20,
    about: "First-year physics student; photographs the night sky.",
    skills: ["Photography", "Hiking", "Astronomy"],
  },
  {
    firstName: "Aiko",
    lastName: "Tanaka",
    gender: "female",
    age: 26,
    about: "UX researcher who bakes bread and plays board games.",
    skills: ["Board games", "Baking", "Research"],
  },
];

test.describe.configure({ mode: "serial" });

let viewer: TestUser;
let publicUrl = "";
let keptConversation = "";
let groupId = "";
let samId = "";

test("set up people to show", async ({ createUser, apiAs }) => {
  const [maya, lucas, priya, sam] = await Promise.all(
    people.map((person) =>
      createUser({
        ...person,
        emailId: `${person.firstName?.toLowerCase()}.${Date.now()}@example.com`,
      }),
    ),
  );
  if (!maya || !lucas || !priya || !sam) throw new Error("sign-up failed");
  viewer = maya;
  const lucasApi = await apiAs(lucas);
  await lucasApi.sendRequest("interested", maya.me);
  const samApi = await apiAs(sam);
  const request = await samApi.sendRequest("interested", maya.me);
  const mayaSession = await apiAs(maya);
  await mayaSession.post(`/api/request/review/accepted/${request._id}`);
  publicUrl = (await mayaSession.get<{ url: string }>("/api/generate_public_url")).url;
  samId = sam.me._id;
  // A conversation with everything a message can carry: an edit, a reply, reactions, a photo, a
  // deleted message and a word too long for any line.
  const first = await mayaSession.post<{ _id: string }>(`/api/chat/${sam.me._id}/messages`, {
    text: "See you at the climbing gym on Saturdy?",
  });
  await mayaSession.patch(`/api/chat/messages/${first._id}`, {
    text: "See you at the climbing gym on Saturday?",
  });
  const answer = await samApi.post<{ _id: string }>(`/api/chat/${maya.me._id}/messages`, {
    text: "Yes! I will bring the spare harness.\nAnd snacks.",
    replyTo: first._id,
  });
  const thumbsUp = encodeURIComponent("👍");
  await mayaSession.put(`/api/chat/messages/${answer._id}/reactions/${thumbsUp}`);
  await samApi.put(`/api/chat/messages/${answer._id}/reactions/${thumbsUp}`);
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#0f766e" },
  })
    .jpeg()
    .toBuffer();
  const uploaded = await mayaSession.context.post("/api/chat/photos", {
    multipart: { photo: { name: "wall.jpg", mimeType: "image/jpeg", buffer: photo } },
    headers: { "X-XSRF-TOKEN": xsrfOf(await mayaSession.context.storageState()) },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const photoId = ((await uploaded.json()) as { data: { _id: string } }).data._id;
  await mayaSession.post(`/api/chat/${sam.me._id}/messages`, {
    text: "The new wall",
    photos: [photoId],
  });
  const oops = await samApi.post<{ _id: string }>(`/api/chat/${maya.me._id}/messages`, {
    text: "wrong chat, sorry",
  });
  await samApi.delete(`/api/chat/messages/${oops._id}`);
  await samApi.post(`/api/chat/${maya.me._id}/messages`, {
    text: `Route name: ${"Supercalifragilisticexpialidocious".repeat(4)}`,
  });
  // Someone who wrote to Maya and then deleted their account: the conversation stays with her.
  const noor = await createUser({ firstName: "Noor", lastName: "Haddad" });
  const noorApi = await apiAs(noor);
  const asked = await noorApi.sendRequest("interested", maya.me);
  await mayaSession.post(`/api/request/review/accepted/${asked._id}`);
  await noorApi.post(`/api/chat/${maya.me._id}/messages`, { text: "Thanks for the hike tips!" });
  await mayaSession.post(`/api/chat/${noor.me._id}/messages`, {
    text: "Any time. Enjoy the trail.",
  });
  await noorApi.delete("/api/account", { password: noor.password });
  const conversations =
    await mayaSession.get<{ user: { _id: string; accountDeleted?: boolean } }[]>(
      "/api/chat/conversations",
    );
  keptConversation = conversations.find((row) => row.user.accountDeleted)?.user._id ?? "";

  // A study group Lucas started, that Maya joined, with a post, a like and a reply.
  const tokenOf = async (session: typeof mayaSession) =>
    (await session.context
      .post("/api/community/fusionauth", {
        data: {},
        headers: { "X-XSRF-TOKEN": xsrfOf(await session.context.storageState()) },
      })
      .then((response) => response.json())) as { token: string };
  const community = async (token: string, method: string, url: string, data: object = {}) => {
    const response = await mayaSession.context.fetch(`/api/community${url}`, {
      method,
      data,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { data: { _id?: string; id?: string } };
  };
  const lucasToken = (await tokenOf(lucasApi)).token;
  const mayaToken = (await tokenOf(mayaSession)).token;
  const group = await community(lucasToken, "POST", "/create", {
    u_id: lucas.me._id,
    name: "Weekend TypeScript study circle",
    description: "We read one chapter a week and build something small with it on Sunday.",
    tag: "Programming",
  });
  groupId = group.data._id ?? "";
  await community(mayaToken, "POST", `/group/${groupId}/join`);
  const post = await community(lucasToken, "POST", "/fusionpublish", {
    userId: lucas.me._id,
    groupId,
    title: "Chapter 4: generics",
    content: "Bring one place in your own code where a generic would remove a cast.",
  });
  await community(mayaToken, "PUT", `/post/${post.data.id}/like`);
  await community(mayaToken, "POST", `/post/${post.data.id}/replies`, {
    content: "I have a fetch wrapper that needs exactly this.",
  });
  await community(lucasToken, "POST", "/fusionpublish", {
    userId: lucas.me._id,
    title: "Who is up for a hike and a code review?",
    content: "Saturday morning, then coffee and pull requests.",
  });
  mkdirSync(outDir, { recursive: true });
});

for (const screen of screens) {
  for (const width of widths) {
    for (const theme of themes) {
      test(`${screen.name} at ${width}px, ${theme}`, async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width, height: width === 390 ? 844 : 800 },
          storageState: screen.signedIn ? viewer.storageState : undefined,
        });
        await context.addInitScript(
          ([value, signedIn]) => {
            window.localStorage.setItem("theme", value as string);
            // As a browser that logged in here has it: the app then knows to ask who is in.
            if (signedIn) window.localStorage.setItem("kindred.signed-in", "1");
          },
          [theme, screen.signedIn] as const,
        );
        const page = await context.newPage();
        await page.goto(screen.path({ publicUrl, keptConversation, groupId, samId }));
        await screen.ready(page);
        // Sections that animate in on entering the view only appear once scrolled past.
        // Real wheel steps: a jump by script can skip past the observers.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height + 900; y += 300) {
          await page.mouse.wheel(0, 300);
          await page.waitForTimeout(80);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        // Let entrance animations settle before the picture.
        await page.waitForTimeout(800);
        await page.screenshot({
          path: path.join(outDir, `${screen.name}-${width}-${theme}.png`),
          fullPage: true,
        });
        await context.close();
      });
    }
  }
}

test("a swipe on a 390px phone, frame by frame", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: viewer.storageState,
  });
  const page = await context.newPage();
  await page.goto("/home");
  const top = page.getByRole("article").first();
  await expect(top).toBeVisible();
  await page.waitForTimeout(500);
  const box = await top.boundingBox();
  if (!box) throw new Error("no card on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past half the card width on the last frame, so letting go decides.
  for (const [frame, fraction] of [0.15, 0.35, 0.6].entries()) {
    await page.mouse.move(x + box.width * fraction, y + 10, { steps: 5 });
    await page.screenshot({ path: path.join(outDir, `swipe-390-frame${frame + 1}.png`) });
  }
  await page.mouse.up();
  await page.waitForTimeout(120);
  await page.screenshot({ path: path.join(outDir, "swipe-390-leaving.png") });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(outDir, "swipe-390-next.png") });
  await context.close();
});
