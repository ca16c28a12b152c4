import { createHmac } from "node:crypto";
import { expect, logIn, test } from "../fixtures.ts";

/** RFC 4648 base32, as the otpauth key is written (spaces for reading are ignored). */
function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The app's code for a 30-second step (RFC 6238 over RFC 4226, SHA-1, 6 digits). */
function codeFor(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) as number) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, "0");
}

const stepNow = () => Math.floor(Date.now() / 30_000);

test("two-step codes: turn on by scanning, sign in with a code, then with a recovery code once", async ({
  page,
  browser,
  baseURL,
  createUser,
  signedInPage,
  allowConsoleErrors,
}) => {
  // The spent recovery code's 401, as the browser logs it.
  allowConsoleErrors(/status of 401/);
  const person = await createUser();
  const settings = await signedInPage(person);
  await settings.goto("/settings");
  const section = settings.getByRole("region", { name: "Two-step codes" });
  await section.getByRole("button", { name: "Turn on two-step codes" }).click();
  await expect(
    section.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const key = base32Decode((await section.getByTestId("two-step-key").textContent()) ?? "");

  // The app's code now turns it on; the next step's code is the one for signing in.
  const step = stepNow();
  await section.getByLabel("Code from your app").fill(codeFor(key, step));
  await section.getByRole("button", { name: "Turn on" }).click();
  const list = section.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const recovery = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
  await section.getByRole("button", { name: "I saved them" }).click();
  await expect(section.getByText("Two-step codes are on.")).toBeVisible();

  // Signed out, the password alone is not enough: the code comes next.
  await page.goto("/login");
  await logIn(page, person.emailId, person.password);
  await expect(page.getByRole("heading", { name: "Two-step code" })).toBeVisible();
  await page.getByLabel("Code from your app").fill(codeFor(key, step + 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/home$/);

  // A recovery code signs in once…
  const signInWithRecovery = async () => {
    const context = await browser.newContext({ baseURL });
    const fresh = await context.newPage();
    await fresh.goto("/login");
    await logIn(fresh, person.emailId, person.password);
    await fresh.getByRole("button", { name: "Use a recovery code" }).click();
    await fresh.getByLabel("Recovery code").fill(recovery[0] as string);
    await fresh.getByRole("button", { name: "Continue" }).click();
    return { context, fresh };
  };
  const first = await signInWithRecovery();
  await expect(first.fresh).toHaveURL(/\/home$/);
  await first.context.close();

  // …and the same one fails the second time.
  const second = await signInWithRecovery();
  await expect(second.fresh.getByRole("alert")).toContainText("recovery code did not work");
  await expect(second.fresh).toHaveURL(/\/login/);
  await second.context.close();
});
