import type { Page } from "@playwright/test";
import {
  COMMUNITY_PASSWORD,
  createAs,
  expect,
  inApp,
  storeCommunityToken,
  storedCommunityToken,
  test,
  uniqueId,
} from "../fixtures.ts";

/** The app's English words this test reads. */
const COMMUNITY_MESSAGES = {
  loginToPost: "Please log in to post.",
  sessionExpired: "Session expired. Please log in again.",
};

/** Answers the confirmation a delete button asks for. */
async function confirmDelete(page: Page, kind: "post" | "group" | "event") {
  const dialog = page.getByRole("dialog", { name: `Delete your ${kind}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("a visitor joins from the modal, posts, sees the post as text after a reload, deletes it, and leaves", async ({
  page,
}) => {
  const uname = `visitor.${uniqueId()}`;
  await page.goto("/community");
  await expect(
    page.getByRole("heading", { name: "Welcome to the Kindred Community" }),
  ).toBeVisible();
  const login = page.getByRole("dialog", { name: "Login / Signup" });
  await expect(login).toBeVisible();
  await expect(login.getByLabel("Username")).toBeFocused();
  await login.getByLabel("Username").fill(uname);
  await login.getByLabel("Password", { exact: true }).fill(COMMUNITY_PASSWORD);
  await login.getByRole("button", { name: "Continue" }).click();
  await expect(login).toBeHidden();
  expect(await storedCommunityToken(page)).toMatch(/^ey/);

  const addThought = page.getByRole("button", { name: "Add Your Thought" });
  await addThought.click();
  const composer = page.getByRole("dialog", { name: "Add Your Thought" });
  await expect(composer).toBeVisible();
  // Escape closes it and focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(composer).toBeHidden();
  await expect(addThought).toBeFocused();

  await addThought.click();
  const title = `Hello <b>there</b> ${uniqueId()}`;
  const content = "<script>window.__injected = true</script> & <img src=x onerror=alert(1)>";
  await composer.getByLabel("Title").fill(title);
  await composer.getByLabel("Content").fill(content);
  await composer.getByRole("button", { name: "Post" }).click();
  await expect(composer).toBeHidden();

  const post = page.getByRole("article").filter({ hasText: title });
  await expect(post.getByRole("heading", { name: title })).toBeVisible();
  await expect(post.getByText(content, { exact: true })).toBeVisible();
  await expect(post.getByText(uname)).toBeVisible();
  await expect(post.getByRole("button", { name: `Delete your post ${title}` })).toBeVisible();
  expect(
    await page.evaluate(() => (window as { __injected?: boolean }).__injected),
  ).toBeUndefined();

  await addThought.click();
  await expect(composer.getByLabel("Title")).toHaveValue("");
  await page.keyboard.press("Escape");

  await page.reload();
  await expect(page.getByRole("dialog", { name: "Login / Signup" })).toBeHidden();
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();

  // Deleting asks first; Cancel keeps the post.
  const deleteButton = page.getByRole("button", { name: `Delete your post ${title}` });
  await deleteButton.click();
  const confirm = page.getByRole("dialog", { name: "Delete your post?" });
  await expect(confirm.getByText(title)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(page.getByRole("article").filter({ hasText: title })).toBeVisible();
  await deleteButton.click();
  await confirmDelete(page, "post");
  await expect(page.getByText("Your post is deleted.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: title })).toBeHidden();

  const token = await storedCommunityToken(page);
  await page.getByRole("button", { name: "Leave community" }).click();
  await page
    .getByRole("dialog", { name: "Leave the community?" })
    .getByRole("button", { name: "Leave", exact: true })
    .click();
  await expect(page.getByRole("dialog", { name: "Login / Signup" })).toBeVisible();
  expect(await storedCommunityToken(page)).toBeNull();
  // Leaving ended the token on the server too: a copy kept elsewhere no longer works.
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/community/getposts", {
        headers: { Authorization: `Bearer ${token}` },
      });
      return response.status();
    })
    .toBe(401);
});

test("a signed-in person enters the community with no second login, on every community page", async ({
  createUser,
  signedInPage,
}) => {
  const user = await createUser();
  const page = await signedInPage(user);
  // Arriving from the signed-in part of the site, as people do.
  await inApp(page);
  await page.goto("/community");
  // In the app's frame: its top bar welcomes the person.
  await expect(page.getByRole("banner").getByText(user.me.firstName)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Welcome to the Kindred Community" }),
  ).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Login / Signup" })).toHaveCount(0);
  const token = await storedCommunityToken(page);
  const claims = JSON.parse(Buffer.from(String(token).split(".")[1] ?? "", "base64url").toString());
  expect(claims.id).toBe(user.me._id);

  // Without a community token, the groups page gets one by itself too.
  const other = await signedInPage(user);
  await inApp(other);
  await other.goto("/services/groups");
  await expect(other.getByRole("heading", { name: "Study Groups" })).toBeVisible();
  await expect(other).toHaveURL(/\/services\/groups$/);
});

test("asking to post without a token says so, and an unreadable token counts as expired", async ({
  page,
}) => {
  await page.goto("/community");
  const login = page.getByRole("dialog", { name: "Login / Signup" });
  await expect(login).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(login).toBeHidden();
  await page.getByRole("button", { name: "Add Your Thought" }).click();
  await expect(login.getByText(COMMUNITY_MESSAGES.loginToPost)).toBeVisible();

  await storeCommunityToken(page, "not.a-real.token");
  await page.goto("/community");
  await expect(login.getByText(COMMUNITY_MESSAGES.sessionExpired)).toBeVisible();
  expect(await storedCommunityToken(page)).toBeNull();
});

test("the groups and events pages send a visitor without a token to /community", async ({
  page,
}) => {
  await page.goto("/services/groups");
  await expect(page).toHaveURL(/\/community$/);
  await page.goto("/services/events");
  await expect(page).toHaveURL(/\/community$/);
  // A token without an id is dropped on the way.
  const noId = `${Buffer.from('{"alg":"HS256"}').toString("base64url")}.${Buffer.from('{"uname":"x"}').toString("base64url")}.sig`;
  await storeCommunityToken(page, noId);
  await page.goto("/services/groups");
  await expect(page).toHaveURL(/\/community$/);
  expect(await storedCommunityToken(page)).toBeNull();
});

test("a member creates a group with the default topic and one with DSA, and deletes only their own", async ({
  page,
  baseURL,
  joinCommunity,
}) => {
  const member = await joinCommunity();
  await storeCommunityToken(page, member.token);
  await page.goto("/services/groups");
  await expect(page.getByRole("heading", { name: "Study Groups" })).toBeVisible();

  const id = uniqueId();
  for (const [name, topic] of [
    [`Calculus circle ${id}`, null],
    [`Graph algorithms ${id}`, "DSA"],
  ] as const) {
    await page.getByRole("button", { name: "Create Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Group" });
    await expect(dialog.getByLabel("Topic")).toHaveValue("Math");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Description").fill(`We meet on Tuesdays. <i>${id}</i>`);
    if (topic) await dialog.getByLabel("Topic").selectOption(topic);
    await dialog.getByRole("button", { name: "Create Group" }).click();
    await expect(dialog).toBeHidden();
    const card = page
      .getByRole("list", { name: "Study groups" })
      .getByRole("listitem")
      .filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText(topic ?? "Math", { exact: true })).toBeVisible();
    await expect(card.getByText(`We meet on Tuesdays. <i>${id}</i>`)).toBeVisible();
  }
  // Another member's group shows no delete button.
  const other = await joinCommunity();
  const theirs = `Their group ${id}`;
  await createAs(baseURL as string, other.token, "/api/community/create", {
    u_id: other.id,
    name: theirs,
    description: "Not yours",
    tag: "Math",
  });
  await page.reload();
  const groups = page.getByRole("list", { name: "Study groups" });
  await expect(
    groups.getByRole("listitem").filter({ hasText: `Graph algorithms ${id}` }),
  ).toBeVisible();
  const theirCard = groups.getByRole("listitem").filter({ hasText: theirs });
  await expect(theirCard).toBeVisible();
  await expect(theirCard.getByRole("button")).toHaveCount(0);

  // The member deletes their own group; it is gone after a reload too.
  await groups.getByRole("button", { name: `Delete your group Calculus circle ${id}` }).click();
  await confirmDelete(page, "group");
  await expect(page.getByText("Your group is deleted.")).toBeVisible();
  await expect(groups.getByRole("heading", { name: `Calculus circle ${id}` })).toBeHidden();
  await page.reload();
  await expect(groups.getByRole("heading", { name: `Graph algorithms ${id}` })).toBeVisible();
  await expect(groups.getByRole("heading", { name: `Calculus circle ${id}` })).toBeHidden();
});

test("posts, groups and events share one header: the community's links, Leave, and no Login or Signup", async ({
  page,
  joinCommunity,
}) => {
  const member = await joinCommunity();
  await storeCommunityToken(page, member.token);
  for (const [path, heading] of [
    ["/community", "Welcome to the Kindred Community"],
    ["/services/groups", "Study Groups"],
    ["/services/events", "Events"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Leave community" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: /Sign ?up/ })).toHaveCount(0);
    await expect(
      page.getByRole("navigation").getByRole("link", { name: /^(Posts|Study groups|Events)$/ }),
    ).toHaveCount(3);
  }
});

test("a signed-in person finds the way back to the app in the community header", async ({
  createUser,
  signedInPage,
}) => {
  const page = await signedInPage(await createUser());
  await inApp(page);
  await page.goto("/services/events");
  // Signed in, the community sits in the app's frame: its sections are one click away.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Discover" })
    .click();
  await expect(page.getByRole("heading", { name: "Discover People" })).toBeVisible();
});
