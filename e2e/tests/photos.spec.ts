import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  connectByApi,
  expect,
  fullName,
  type TestUser,
  test,
  uniqueId,
  uniqueSkills,
} from "../fixtures.ts";

/**
 * A photo as a phone writes it: the sensor's landscape pixels (1200 × 800, a bright band along
 * the left edge, which is the top once turned) with EXIF Orientation 6 ("turn 90° clockwise to
 * view") and a GPS position in its metadata.
 */
async function phonePhoto(): Promise<Buffer> {
  const band = await sharp({
    create: { width: 200, height: 800, channels: 3, background: "#fde047" },
  })
    .png()
    .toBuffer();
  const photo = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" },
  })
    .composite([{ input: band, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "Kindred", Model: "Test Phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1" },
    })
    // Set last: sharp writes its own Orientation tag over one given in withExif.
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const metadata = await sharp(photo).metadata();
  expect([metadata.width, metadata.height, metadata.orientation]).toEqual([1200, 800, 6]);
  return photo;
}

/** The address the browser actually shows for an image (its chosen srcset candidate). */
function shownAddress(image: Locator): Promise<string> {
  return image.evaluate((element: HTMLImageElement) => element.currentSrc);
}

async function expectLoadedUpload(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => shownAddress(image)).toMatch(/\/api\/photos\/[^/]+\.webp$/);
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

/** Every photo file a page asks for, from the moment this is called. */
function watchPhotoRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/photos/")) requested.push(pathname);
  });
  return requested;
}

/** A phone: 390 px wide, three device pixels per CSS pixel, signed in as that person. */
async function phonePage(browser: Browser, user: TestUser, consoleProblems: string[]) {
  const context = await browser.newContext({
    storageState: user.storageState,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") consoleProblems.push(`console error: ${message.text()}`);
  });
  return { context, page };
}

test("a phone photo, cropped on the profile, shows everywhere; a phone never loads the large size", async ({
  browser,
  createUser,
  apiAs,
  signedInPage,
  consoleProblems,
}) => {
  const id = uniqueId();
  const ana = await createUser({
    firstName: `Ana${id}`,
    skills: uniqueSkills(id, "pottery", "sailing", "chess"),
  });
  // Ana shares two skills with each of them, they one with each other: she comes first for both.
  const ben = await createUser({
    firstName: `Ben${id}`,
    skills: uniqueSkills(id, "pottery", "chess", "rowing"),
  });
  const cy = await createUser({
    firstName: `Cy${id}`,
    skills: uniqueSkills(id, "pottery", "sailing", "knitting"),
  });

  // Ana chooses the photo through the button (a real file chooser), zooms, drags and saves.
  const anaPage = await signedInPage(ana);
  await anaPage.goto("/profile");
  const picker = anaPage.getByRole("region", { name: "Photo", exact: true });
  const chooser = anaPage.waitForEvent("filechooser");
  await picker.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles({
    name: "IMG_4032.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(),
  });
  // The browser shows it upright, as the server will store it: 800 × 1200.
  const cropped = picker.locator("img.reactEasyCrop_Image");
  await expect
    .poll(() =>
      cropped.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]),
    )
    .toEqual([800, 1200]);
  await picker.getByRole("slider", { name: "Zoom" }).fill("1.5");
  const area = picker.getByRole("group", { name: /^Crop area/ });
  await area.focus();
  await area.press("ArrowUp");
  const box = await area.boundingBox();
  if (!box) throw new Error("the crop area is not on screen");
  await anaPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await anaPage.mouse.down();
  await anaPage.mouse.move(box.x + box.width / 2, box.y + box.height, { steps: 8 });
  await anaPage.mouse.up();

  // The live preview card shows the crop before anything is sent.
  const preview = anaPage.getByRole("complementary", { name: "Live preview" });
  await expect(preview.getByRole("img", { name: fullName(ana) })).toHaveAttribute("src", /^blob:/);

  const upload = anaPage.waitForResponse(
    (response) =>
      response.url().endsWith("/api/profile/photo") && response.request().method() === "POST",
  );
  await picker.getByRole("button", { name: "Save photo" }).click();
  const sent = await upload;
  expect(sent.status()).toBe(201);
  // The stored large size is the zoomed crop (800 × 1200 at 1.5× is 533 × 800, never enlarged),
  // upright and without the phone's metadata.
  const saved = (await sent.json()).data;
  const large = await anaPage.request.get(saved.photo.large);
  const stored = await sharp(await large.body()).metadata();
  expect([stored.width, stored.height]).toEqual([533, 800]);
  expect(stored.exif).toBeUndefined();
  await expect(anaPage.getByText("Photo saved")).toBeVisible();

  const anaCard = preview.getByRole("img", { name: fullName(ana) });
  await expectLoadedUpload(anaCard);
  expect(await shownAddress(anaCard)).toMatch(/-card\.webp$/);
  await expectLoadedUpload(
    anaPage.getByRole("button", { name: "Open account menu" }).getByRole("img"),
  );

  // Ben, on a phone, sees Ana's face on his feed card: the card size, never the large one.
  const phone = await phonePage(browser, ben, consoleProblems);
  const requested = watchPhotoRequests(phone.page);
  await phone.page.goto("/home");
  const feedCard = phone.page.getByRole("article", { name: fullName(ana) });
  await expectLoadedUpload(feedCard.getByRole("img", { name: fullName(ana) }));
  expect(await shownAddress(feedCard.getByRole("img", { name: fullName(ana) }))).toMatch(
    /-card\.webp$/,
  );

  // Connected, he sees her in his connections, in chat and on her public profile.
  await connectByApi(await apiAs(ben), await apiAs(ana), ana);
  await phone.page.goto("/connections");
  await expectLoadedUpload(
    phone.page.getByRole("article", { name: fullName(ana) }).getByRole("img"),
  );
  await phone.page.goto("/chat");
  await expectLoadedUpload(phone.page.getByRole("img", { name: fullName(ana) }).first());
  await phone.page.goto(`/chat/${ana.me._id}`);
  await expectLoadedUpload(phone.page.getByRole("img", { name: fullName(ana) }).first());
  const { url } = await (await apiAs(ana)).get<{ url: string }>("/api/generate_public_url");
  await phone.page.goto(new URL(url).pathname);
  await expectLoadedUpload(phone.page.getByRole("img", { name: fullName(ana) }));

  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((path) => path.endsWith("-large.webp"))).toEqual([]);
  // Lists and avatars at 3× take the card size or the thumbnail; the feed card the card size.
  expect(requested.every((path) => /-(card|thumb)\.webp$/.test(path))).toBe(true);

  await phone.context.close();

  // On a wide, sharp screen the deck card takes the large size (Cy has not met Ana yet).
  const wide = await browser.newContext({
    storageState: cy.storageState,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 2,
  });
  const cyPage = await wide.newPage();
  await cyPage.goto("/home");
  const cyCard = cyPage.getByRole("article", { name: fullName(ana) }).getByRole("img");
  await expectLoadedUpload(cyCard);
  expect(await shownAddress(cyCard)).toMatch(/-large\.webp$/);
  await wide.close();

  // Ana removes her photo: her initials are back, for her and for Ben.
  await anaPage.getByRole("button", { name: "Remove photo" }).click();
  await expect(anaPage.getByText("Photo removed")).toBeVisible();
  await expect(preview.getByRole("img", { name: fullName(ana) })).toHaveAttribute(
    "src",
    `/api/avatars/${ana.me._id}.svg`,
  );
  await expect(anaPage.getByRole("button", { name: "Choose a photo" })).toBeVisible();
  const benPage = await signedInPage(ben);
  await benPage.goto("/connections");
  const tile = benPage.getByRole("article", { name: fullName(ana) }).getByRole("img");
  await expect(tile).toHaveAttribute("src", `/api/avatars/${ana.me._id}.svg`);
  await expect(tile).not.toHaveAttribute("srcset", /./);
});

test("a file that is not a photo is refused before it is sent", async ({
  createUser,
  signedInPage,
}) => {
  const user = await createUser();
  const page = await signedInPage(user);
  await page.goto("/profile");
  const picker = page.getByRole("region", { name: "Photo", exact: true });
  let uploads = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/profile/photo")) uploads += 1;
  });
  const chooser = page.waitForEvent("filechooser");
  await picker.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(picker.getByRole("alert")).toHaveText(
    "This file is not a picture we can use. Choose a JPEG, PNG, WebP, AVIF or HEIC photo.",
  );
  expect(uploads).toBe(0);
});
