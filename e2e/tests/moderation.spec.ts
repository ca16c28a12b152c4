import { connectedPair, expect, test, theAdmin } from "../fixtures.ts";

test("a reported message leads to a suspension the person reads, and they cannot write", async ({
  baseURL,
  createUser,
  apiAs,
  signedInPage,
  allowConsoleErrors,
}) => {
  // Ben's refused message answers 403, which the browser logs as a failed resource.
  allowConsoleErrors(/status of 403/);
  const admin = await theAdmin(baseURL as string);
  expect(admin.me.role).toBe("admin");

  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const benApi = await apiAs(ben);
  await benApi.post(`/api/chat/${ana.me._id}/messages`, { text: "Nobody likes you, leave." });

  // Ana reports the message from the conversation.
  const anaPage = await signedInPage(ana);
  await anaPage.goto(`/chat/${ben.me._id}`);
  const conversation = anaPage.getByRole("region", { name: /^Conversation with / });
  const message = conversation.getByText("Nobody likes you, leave.");
  await message.hover();
  await conversation.getByRole("button", { name: /^Report message from / }).click();
  const report = anaPage.getByRole("dialog", { name: /^Report this message from / });
  await report.getByRole("radio", { name: "Harassment or bullying" }).check();
  await report.getByRole("textbox", { name: "Details (optional)" }).fill("Keeps insulting me.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(anaPage.getByText("Thank you. A moderator will look at your report.")).toBeVisible();

  // The admin, a moderator too, finds the case in the queue and suspends Ben for 7 days.
  const adminPage = await signedInPage(admin);
  await adminPage.goto("/moderation");
  const benName = `${ben.me.firstName} ${ben.me.lastName}`;
  await adminPage
    .getByRole("list", { name: "Cases" })
    .getByRole("link", { name: new RegExp(benName) })
    .first()
    .click();
  await expect(adminPage.getByText("Reported message")).toBeVisible();
  await expect(adminPage.getByRole("list", { name: "Reports" })).toContainText(
    "Keeps insulting me.",
  );
  await adminPage.getByRole("radio", { name: /^Suspend/ }).check();
  await adminPage.getByText("7 days", { exact: true }).click();
  await adminPage
    .getByRole("textbox", { name: "Reason the person reads" })
    .fill("Insults in a conversation.");
  await adminPage.getByRole("button", { name: "Suspend for 7 days" }).click();
  await expect(adminPage.getByText("Done. The person has been told.")).toBeVisible();

  // Ben reads the notice and cannot send.
  const benPage = await signedInPage(ben);
  await benPage.goto(`/chat/${ana.me._id}`);
  const notice = benPage.getByRole("region", { name: /Your account is suspended until/ });
  await expect(notice).toContainText("Insults in a conversation.");
  const input = benPage.getByRole("textbox", { name: /^Message / });
  await input.fill("Sorry");
  await input.press("Enter");
  await expect(
    benPage.getByText(/Your account is suspended\. You can read but not write/).first(),
  ).toBeVisible();
  await expect(benPage.getByRole("button", { name: "Not sent. Retry" })).toBeVisible();

  // A member opening /moderation gets the not-found page.
  await anaPage.goto("/moderation");
  await expect(anaPage.getByText("404 - PAGE NOT FOUND")).toBeVisible();
  await expect(anaPage).toHaveTitle(/^Page not found/);
});

test("an appeal a second moderator rejects, and the audit log of it all", async ({
  baseURL,
  createUser,
  apiAs,
  signedInPage,
}) => {
  const admin = await theAdmin(baseURL as string);
  const adminApi = await apiAs(admin);
  const second = await createUser({ firstName: "Mo", lastName: "Second" });
  await adminApi.put(`/api/moderation/roles/${second.me._id}`, { role: "moderator" });

  // Ben's message is reported and he is suspended, through the API (the test above does it on
  // screen).
  const { ana, ben } = await connectedPair({ createUser, apiAs });
  const benName = `${ben.me.firstName} ${ben.me.lastName}`;
  const sent = await (await apiAs(ben)).post<{ _id: string }>(`/api/chat/${ana.me._id}/messages`, {
    text: "Nobody likes you, leave.",
  });
  const reported = await (await apiAs(ana)).post<{ _id: string }>("/api/reports", {
    subject: { type: "message", _id: sent._id },
    reason: "harassment",
  });
  const cases = await adminApi.get<{ _id: string; reports: unknown[]; subject: { _id: string } }[]>(
    "/api/moderation/cases?state=open",
  );
  const reportedCase = cases.find((c) => c.subject._id === sent._id);
  expect(reportedCase, `the case of report ${reported._id}`).toBeDefined();
  await adminApi.post(`/api/moderation/cases/${reportedCase?._id}/actions`, {
    action: "suspend",
    days: 7,
    reason: "Insults in a conversation.",
  });

  // Ben appeals.
  const benPage = await signedInPage(ben);
  await benPage.goto(`/chat/${ana.me._id}`);
  const notice = benPage.getByRole("region", { name: /Your account is suspended until/ });
  await expect(notice).toContainText("Insults in a conversation.");
  // Ben appeals.
  await notice.getByRole("button", { name: "Appeal" }).click();
  const appeal = benPage.getByRole("dialog", { name: "Appeal this decision" });
  await appeal
    .getByRole("textbox", { name: "Why should the decision change?" })
    .fill("It was a joke between friends.");
  await appeal.getByRole("button", { name: "Send appeal" }).click();
  await expect(appeal.getByText("Appeal sent", { exact: true })).toBeVisible();

  // A second moderator rejects the appeal.
  const secondPage = await signedInPage(second);
  await secondPage.goto("/moderation/appeals");
  const item = secondPage
    .getByRole("listitem")
    .filter({ hasText: "It was a joke between friends." });
  await item
    .getByRole("textbox", { name: "Reason the person reads" })
    .fill("Insults are not jokes.");
  await item.getByRole("button", { name: "Uphold the decision" }).click();
  await expect(secondPage.getByText("Appeal rejected: the decision stands.")).toBeVisible();

  // The audit log shows the role change, the suspension and the rejected appeal.
  const adminPage = await signedInPage(admin);
  await adminPage.goto("/moderation/audit");
  const log = adminPage.getByRole("list", { name: "Audit log" });
  await expect(
    log.getByRole("listitem").filter({ hasText: "Role changed" }).filter({ hasText: "Mo Second" }),
  ).toBeVisible();
  await expect(
    log.getByRole("listitem").filter({ hasText: "Suspended" }).filter({ hasText: benName }),
  ).toBeVisible();
  await expect(
    log
      .getByRole("listitem")
      .filter({ hasText: "Appeal rejected: decision upheld" })
      .filter({ hasText: "Insults are not jokes." }),
  ).toBeVisible();
});
