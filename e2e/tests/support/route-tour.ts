import type { BrowserContext, Locator, Page } from "@playwright/test";
import { STORAGE_KEYS } from "../../../apps/web/src/config/ui.ts";
import {
  type ApiSession,
  type CommunityMember,
  connectByApi,
  expect,
  type Fixtures,
  fullName,
  type TestUser,
  uniqueId,
} from "../../fixtures.ts";
import { type Locale, say } from "./catalog.ts";

export type Theme = "light" | "dark";

/**
 * Who walks the tour: nobody signed in, a member (on the app's own screens, or on the pages
 * anyone can open, under the app's top bar), or a moderator (the run's admin).
 */
export type Audience = "visitor" | "member" | "member on public pages" | "moderator";

/** One screen of the tour: where it is and what on it says it has drawn its content. */
export type TourRoute = {
  /** The route pattern in apps/web/src/app/router.tsx this visit stands for. */
  route: string;
  /** The address opened, with real ids from the tour's scene. */
  url: string;
  /** Visible once the screen has settled (its data loaded, not a spinner). */
  ready: (page: Page) => Locator;
};

/** The people and things the screens show: made through the API before the tour. */
export type TourScene = {
  /** The member who walks the signed-in tour. */
  ana: TestUser;
  /** Ana's connection, with a message to her and a public profile. */
  ben: TestUser;
  /** A person who asked to connect with Ana (her pending request and notification). */
  cleo: TestUser;
  benPublicPath: string;
  group: { id: string; name: string };
  event: { id: string; title: string };
  /** The case Ana's report of Ben's message opened. */
  caseId: string;
  skill: string;
  /** Removes what the scene made that other tests read (the shared list of events). */
  cleanUp: () => Promise<void>;
};

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole("heading", { level: 1, name }).first();

/**
 * Makes the scene: Ana and Ben connected, Ben's message to Ana reported by her, Cleo's request
 * to Ana waiting, a study group and an event in the community. `admin` sees the report's case.
 */
export async function makeTourScene(
  { createUser, apiAs, joinCommunity }: Pick<Fixtures, "createUser" | "apiAs" | "joinCommunity">,
  admin: ApiSession,
): Promise<TourScene> {
  const id = uniqueId();
  const skill = `pottery${id}`;
  const [ana, ben, cleo] = await Promise.all([
    createUser({ firstName: `Ana${id}`, skills: [skill, "chess", "hiking"] }),
    createUser({
      firstName: `Ben${id}`,
      skills: [skill, "cooking", "jazz"],
      about: "Likes long walks and board games.",
    }),
    createUser({ firstName: `Cleo${id}`, skills: [skill, "painting", "rowing"] }),
    // Someone Ana has not met yet, for her Discover deck.
    createUser({ firstName: `Dara${id}`, skills: [skill, "sailing", "poetry"] }),
  ]);
  const [anaApi, benApi, cleoApi] = await Promise.all([apiAs(ana), apiAs(ben), apiAs(cleo)]);
  await connectByApi(anaApi, benApi, ben);
  await cleoApi.sendRequest("interested", ana.me);
  const sent = await benApi.post<{ _id: string }>(`/api/chat/${ana.me._id}/messages`, {
    text: "See you at the pottery class on Friday?",
  });
  await anaApi.post("/api/reports", {
    subject: { type: "message", _id: sent._id },
    reason: "spam",
  });
  const cases = await admin.get<{ _id: string; subject: { _id: string } }[]>(
    "/api/moderation/cases?state=open",
  );
  const caseId = cases.find((c) => c.subject._id === sent._id)?._id;
  if (!caseId) throw new Error("the report opened no case");
  const { url } = await benApi.get<{ url: string }>("/api/generate_public_url");

  const member: CommunityMember = await joinCommunity(`tour.${id}`);
  const groupName = `Wheel throwing ${id}`;
  const group = await member.send("POST", "/create", {
    u_id: member.id,
    name: groupName,
    description: "We meet on Thursdays at the studio to practise together.",
    tag: "Math",
  });
  const eventTitle = `Open studio ${id}`;
  const date = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 19);
  const event = await member.send("POST", "/createevent", {
    u_id: member.id,
    title: eventTitle,
    description: "An evening at the wheel, then tea.",
    date: `${date}Z`,
    location: "Kindred House, Room 3",
    capacity: 12,
  });
  const eventId = event._id as string;
  return {
    ana,
    ben,
    cleo,
    benPublicPath: new URL(url).pathname,
    group: { id: group._id as string, name: groupName },
    event: { id: eventId, title: eventTitle },
    caseId,
    skill,
    cleanUp: async () => {
      await member.send("DELETE", `/event/${eventId}`);
    },
  };
}

/** The pages anyone can open, signed in or not (the landing page waits for its newsletter). */
function publicRoutes(scene: TourScene, locale: Locale, signedIn: boolean): TourRoute[] {
  const h1 = (name: string | RegExp) =>
    heading(typeof name === "string" ? say(locale, name) : name);
  // Groups and events need a community sign-in: a visitor is sent to /community, where it asks.
  const orCommunityLogin = (ready: TourRoute["ready"]): TourRoute["ready"] =>
    signedIn ? ready : (page) => page.getByRole("dialog", { name: say(locale, "Login / Signup") });
  return [
    // The footer's newsletter section, scrolled to (its form loads as a reader nears it).
    {
      route: "/",
      url: "/",
      ready: (page) => page.getByRole("heading", { name: say(locale, "Stay in the loop") }),
    },
    { route: "/about", url: "/about", ready: h1("Welcome to Kindred") },
    { route: "/services", url: "/services", ready: h1("Services") },
    { route: "/services/matching", url: "/services/matching", ready: h1("Interest matching") },
    { route: "/blog", url: "/blog", ready: h1("Blog") },
    { route: "/faq", url: "/faq", ready: h1("Frequently asked questions") },
    { route: "/support", url: "/support", ready: h1("Support center") },
    { route: "/contact", url: "/contact", ready: h1("Contact us") },
    { route: "/privacy", url: "/privacy", ready: h1("Privacy policy") },
    { route: "/terms", url: "/terms", ready: h1("Terms of service") },
    { route: "/cookies", url: "/cookies", ready: h1("Cookie policy") },
    { route: "/forget-password", url: "/forget-password", ready: h1(/./) },
    { route: "/verify-code", url: "/verify-code", ready: h1(/./) },
    { route: "/set-password", url: "/set-password", ready: h1(/./) },
    { route: "/community", url: "/community", ready: h1(/./) },
    {
      route: "/services/groups",
      url: "/services/groups",
      ready: orCommunityLogin((page) => page.getByRole("link", { name: scene.group.name })),
    },
    {
      route: "/services/groups/:groupId",
      url: `/services/groups/${scene.group.id}`,
      ready: orCommunityLogin(heading(scene.group.name)),
    },
    {
      route: "/services/events",
      url: "/services/events",
      ready: orCommunityLogin((page) => page.getByRole("link", { name: scene.event.title })),
    },
    {
      route: "/services/events/:eventId",
      url: `/services/events/${scene.event.id}`,
      ready: orCommunityLogin(heading(scene.event.title)),
    },
    {
      route: "/GetToKnowMe/:publicUserId",
      url: scene.benPublicPath,
      ready: heading(scene.ben.me.firstName),
    },
    { route: "/appeal", url: "/appeal", ready: h1(/./) },
    { route: "/verify-email", url: "/verify-email", ready: h1("Verify your email") },
    { route: "/not-found", url: "/not-found", ready: h1("Oops!") },
    { route: "*", url: "/no-such-page", ready: h1("Oops!") },
  ];
}

/** Every route `audience` can open, with the scene's real ids, as a reader of `locale` sees it. */
export function routesFor(
  audience: Audience,
  scene: TourScene,
  locale: Locale = "en",
): TourRoute[] {
  const benName = fullName(scene.ben);
  const h1 = (name: string | RegExp) =>
    heading(typeof name === "string" ? say(locale, name) : name);
  if (audience === "visitor") {
    return [
      ...publicRoutes(scene, locale, false),
      { route: "/login", url: "/login", ready: h1("Welcome back") },
      { route: "/signup", url: "/signup", ready: h1(/./) },
    ];
  }
  if (audience === "member on public pages") return publicRoutes(scene, locale, true);
  if (audience === "moderator") {
    return [
      {
        route: "/moderation",
        url: "/moderation",
        ready: (page) => page.getByRole("list", { name: say(locale, "Cases") }),
      },
      {
        route: "/moderation/cases/:caseId",
        url: `/moderation/cases/${scene.caseId}`,
        ready: (page) => page.getByRole("list", { name: say(locale, "Reports") }),
      },
      { route: "/moderation/appeals", url: "/moderation/appeals", ready: h1(/./) },
      { route: "/moderation/audit", url: "/moderation/audit", ready: h1(/./) },
    ];
  }
  return [
    {
      route: "/home",
      url: "/home",
      // The top card's name, once the deck has its people.
      ready: (page) => page.getByRole("main").getByRole("heading", { level: 2 }).first(),
    },
    { route: "/profile", url: "/profile", ready: h1("Your profile") },
    {
      route: "/connections",
      url: "/connections",
      ready: (page) => page.getByRole("main").getByText(benName).first(),
    },
    {
      route: "/requests",
      url: "/requests",
      ready: (page) => page.getByRole("main").getByText(fullName(scene.cleo)).first(),
    },
    {
      route: "/notifications",
      url: "/notifications",
      ready: (page) => page.getByRole("main").getByRole("listitem").first(),
    },
    { route: "/search", url: `/search?q=${scene.skill}`, ready: h1("Search") },
    { route: "/settings", url: "/settings", ready: h1("Settings") },
    {
      route: "/chat",
      url: "/chat",
      ready: (page) => page.getByRole("main").getByText(benName).first(),
    },
    {
      route: "/chat/:userId",
      url: `/chat/${scene.ben.me._id}`,
      // The message in the open conversation (at 1280 px the list beside it quotes it too).
      ready: (page) =>
        page
          .getByRole("region", { name: new RegExp(scene.ben.me.firstName) })
          .getByText("See you at the pottery class on Friday?"),
    },
  ];
}

/** Every page of `context` opens in `theme` (the theme the app stores, as a person's choice). */
export async function useTheme(context: BrowserContext, theme: Theme) {
  await context.addInitScript(
    ([key, value]) => {
      // about:blank, where a new page starts, has no storage.
      if (window.location.protocol.startsWith("http")) {
        window.localStorage.setItem(key as string, value as string);
      }
    },
    [STORAGE_KEYS.theme, theme],
  );
}

/** Whether `text` is one of the app's loading words in `locale`. */
function loadingWords(locale: Locale): RegExp {
  const words = ["Loading...", "Loading replies...", "Loading the robot check…"].map((text) =>
    say(locale, text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  return new RegExp(`^(${words.join("|")})`);
}

/**
 * Opens every route in turn on `page` (whose context opens in `theme`, see useTheme, and speaks
 * `locale`), waits for each to settle in that language and hands it to `onRoute`. Reduced motion:
 * counters, cards and reveals are at rest when the screen is looked at.
 */
export async function tourRoutes(
  page: Page,
  {
    theme,
    locale = "en",
    routes,
    onRoute,
  }: {
    theme: Theme;
    locale?: Locale;
    routes: readonly TourRoute[];
    onRoute: (route: TourRoute) => Promise<void>;
  },
) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const loading = loadingWords(locale);
  for (const route of routes) {
    await page.goto(route.url);
    const html = page.locator("html");
    await expect(html, route.url).toHaveAttribute("data-theme", theme);
    await expect(html, route.url).toHaveAttribute("lang", locale);
    await expect(html, route.url).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    if (route.route === "/") {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    }
    await expect(route.ready(page), route.url).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: loading }), route.url).toHaveCount(0);
    await onRoute(route);
  }
}
