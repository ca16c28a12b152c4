import type { Page } from "@playwright/test";
import { expect, inApp, storedCommunityToken, test, uniqueId } from "../fixtures.ts";

/**
 * The community token a signed-in page got by itself on entering the community. The page first
 * opens the app, as a person who just logged in has (that is how the browser knows it is signed in).
 */
async function communityTokenOf(page: Page): Promise<string> {
  await inApp(page);
  await page.goto("/community");
  await expect(
    page.getByRole("heading", { name: "Welcome to the Kindred Community" }),
  ).toBeVisible();
  await expect.poll(() => storedCommunityToken(page)).not.toBeNull();
  return (await storedCommunityToken(page)) as string;
}

async function communityCall(
  page: Page,
  method: string,
  path: string,
  token: string,
  data?: object,
) {
  const response = await page.request.fetch(`/api/community${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> };
}

test("join a study group from its page, post in it, and see the members list grow", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const ada = await createUser({ firstName: `Ada${id}` });
  const bo = await createUser({ firstName: `Bo${id}` });
  const adaPage = await signedInPage(ada);
  const adaToken = await communityTokenOf(adaPage);
  const { data: group } = await communityCall(adaPage, "POST", "/create", adaToken, {
    u_id: ada.me._id,
    name: `Graph theory ${id}`,
    description: "We meet on Thursdays to solve one problem together.",
    tag: "DSA",
  });

  const page = await signedInPage(bo);
  await inApp(page);
  await page.goto("/services/groups");
  await page.getByRole("link", { name: `Graph theory ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/services/groups/${group._id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Graph theory ${id}` })).toBeVisible();
  await expect(page.getByText(`Created by ${ada.me.firstName} ${ada.me.lastName}`)).toBeVisible();
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Write a post" })).toHaveCount(0);

  await page.getByRole("button", { name: "Join group" }).click();
  await expect(page.getByRole("button", { name: "Leave group" })).toBeVisible();
  await expect(page.getByText("2 members")).toBeVisible();
  await expect(members.getByText(`${bo.me.firstName} ${bo.me.lastName}`)).toBeVisible();

  await page.getByRole("button", { name: "Write a post" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Your Thought" });
  await dialog.getByLabel("Title").fill(`Dijkstra question ${id}`);
  await dialog.getByLabel("Content").fill("Why does it fail with negative edges?");
  await dialog.getByRole("button", { name: "Post" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: `Dijkstra question ${id}` })).toBeVisible();

  // The group's post stays on its page, not on the community board.
  await page.goto("/community");
  await expect(
    page.getByRole("heading", { name: "Welcome to the Kindred Community" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: `Dijkstra question ${id}` })).toHaveCount(0);

  // After a reload the membership holds; leaving takes Bo off the list.
  await page.goto(`/services/groups/${group._id}`);
  await page.getByRole("button", { name: "Leave group" }).click();
  await expect(page.getByRole("button", { name: "Join group" })).toBeVisible();
  await expect(members.getByText(`${bo.me.firstName} ${bo.me.lastName}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();
});

test("the creator edits the group; a group that does not exist says so", async ({
  createUser,
  signedInPage,
  allowConsoleErrors,
}) => {
  // The unknown group's 404, as the browser logs it.
  allowConsoleErrors(/status of 404/);
  const id = uniqueId();
  const ada = await createUser();
  const page = await signedInPage(ada);
  const token = await communityTokenOf(page);
  const { data: group } = await communityCall(page, "POST", "/create", token, {
    u_id: ada.me._id,
    name: `Linear algebra ${id}`,
    description: "Eigenvalues without fear.",
    tag: "Math",
  });
  await page.goto(`/services/groups/${group._id}`);
  await expect(page.getByText("You created this group.")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit group" });
  await dialog.getByLabel("Name").fill(`Matrices ${id}`);
  await dialog.getByLabel("Topic").selectOption("Machine Learning");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: `Matrices ${id}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Matrices ${id}` })).toBeVisible();
  await expect(
    page.getByText("Machine Learning", { exact: true }).filter({ visible: true }),
  ).toBeVisible();

  await page.goto("/services/groups/00000000-0000-4000-8000-000000000000");
  await expect(
    page.getByRole("heading", { name: "This study group does not exist" }),
  ).toBeVisible();
});

test("like and reply to a post; the author is told of the reply", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const author = await createUser({ firstName: `Cy${id}` });
  const reader = await createUser({ firstName: `Di${id}` });
  const authorPage = await signedInPage(author);
  const authorToken = await communityTokenOf(authorPage);
  await communityCall(authorPage, "POST", "/fusionpublish", authorToken, {
    userId: author.me._id,
    title: `Study tips ${id}`,
    content: "Spaced repetition works for me.",
  });

  const page = await signedInPage(reader);
  await inApp(page);
  await page.goto("/community");
  const post = page.getByRole("article").filter({ hasText: `Study tips ${id}` });
  const like = post.getByRole("button", { name: /^Like/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAccessibleName("Like, 1 like");

  await post.getByRole("button", { name: "Reply" }).click();
  const replies = post.getByRole("region", { name: `Replies to Study tips ${id}` });
  await replies.getByLabel("Your reply").fill("Anki every morning here!");
  await replies.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(post.getByText("Anki every morning here!")).toBeVisible();
  await expect(post.getByRole("button", { name: "1 reply" })).toBeVisible();

  await page.reload();
  await expect(post.getByRole("button", { name: /^Like/ })).toHaveAccessibleName("Like, 1 like");
  await expect(post.getByRole("button", { name: /^Like/ })).toHaveAttribute("aria-pressed", "true");

  // The author's notifications name the reply and lead to the post with its replies open.
  await authorPage.goto("/notifications");
  const notice = authorPage.getByRole("link", {
    name: new RegExp(`${reader.me.firstName} replied to your post`),
  });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(authorPage.getByText("Anki every morning here!")).toBeVisible();
});
