import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, uniqueId, uniqueSkills } from "../fixtures.ts";

/** Six vertical bands, 200 px each, left to right: a wide photo whose every part is told apart. */
const BANDS = [
  { name: "red", rgb: [220, 38, 38] },
  { name: "orange", rgb: [249, 115, 22] },
  { name: "yellow", rgb: [250, 204, 21] },
  { name: "green", rgb: [22, 163, 74] },
  { name: "blue", rgb: [37, 99, 235] },
  { name: "purple", rgb: [147, 51, 234] },
] as const;
const BAND_WIDTH = 200;
const PHOTO_HEIGHT = 400;

async function bandedPhoto(): Promise<Buffer> {
  const bands = await Promise.all(
    BANDS.map(async ({ rgb }, index) => ({
      input: await sharp({
        create: {
          width: BAND_WIDTH,
          height: PHOTO_HEIGHT,
          channels: 3,
          background: { r: rgb[0], g: rgb[1], b: rgb[2] },
        },
      })
        .png()
        .toBuffer(),
      left: index * BAND_WIDTH,
      top: 0,
    })),
  );
  return sharp({
    create: {
      width: BAND_WIDTH * BANDS.length,
      height: PHOTO_HEIGHT,
      channels: 3,
      background: "#000000",
    },
  })
    .composite(bands)
    .png()
    .toBuffer();
}

/** The band whose colour is nearest to a pixel. */
function nearestBand(pixel: readonly number[]): string {
  let best: { name: string; distance: number } = { name: "", distance: Number.POSITIVE_INFINITY };
  for (const { name, rgb } of BANDS) {
    const distance = rgb.reduce((sum, value, index) => sum + (value - (pixel[index] ?? 0)) ** 2, 0);
    if (distance < best.distance) best = { name, distance };
  }
  return best.name;
}

/** Chooses the banded photo in a picker, checks the frame shows, and drags `band` under it. */
async function chooseAndFrame(page: Page, picker: Locator, band: string) {
  const chooser = page.waitForEvent("filechooser");
  await picker.getByRole("button", { name: "Choose a photo" }).click();
  await (await chooser).setFiles({
    name: "bands.png",
    mimeType: "image/png",
    buffer: await bandedPhoto(),
  });

  // The frame is drawn: a box inside the cropper, with the photo around it dimmed.
  const frame = picker.locator(".reactEasyCrop_CropArea");
  await expect(frame).toBeVisible();
  const media = picker.locator("img.reactEasyCrop_Image");
  await expect
    .poll(() => media.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(BAND_WIDTH * BANDS.length);
  const frameBox = await frame.boundingBox();
  const mediaBox = await media.boundingBox();
  if (!frameBox || !mediaBox) throw new Error("the cropper is not on screen");
  // The frame is narrower than the wide photo, so part of the photo is outside it, dimmed.
  expect(frameBox.width).toBeLessThan(mediaBox.width - 10);
  const shade = await frame.evaluate((element) => {
    const style = getComputedStyle(element);
    return { shadow: style.boxShadow, border: style.borderTopWidth };
  });
  expect(shade.shadow).toMatch(/rgba\(0, 0, 0, 0\.[3-8]\d*\)/);
  expect(Number.parseFloat(shade.border)).toBeGreaterThanOrEqual(1);

  // Drag the photo sideways until the band sits under the frame's centre.
  const target = BANDS.findIndex((each) => each.name === band);
  const bandCentreOnScreen =
    mediaBox.x + ((target + 0.5) * BAND_WIDTH * mediaBox.width) / (BAND_WIDTH * BANDS.length);
  const frameCentre = { x: frameBox.x + frameBox.width / 2, y: frameBox.y + frameBox.height / 2 };
  await page.mouse.move(frameCentre.x, frameCentre.y);
  await page.mouse.down();
  await page.mouse.move(frameCentre.x - (bandCentreOnScreen - frameCentre.x), frameCentre.y, {
    steps: 10,
  });
  await page.mouse.up();
}

test("the crop frame shows on a wide photo, drags, and the saved photo is what it framed", async ({
  createUser,
  signedInPage,
}) => {
  const id = uniqueId();
  const ana = await createUser({
    firstName: `Ana${id}`,
    skills: uniqueSkills(id, "pottery", "sailing", "chess"),
  });
  const page = await signedInPage(ana);
  await page.goto("/profile");
  const picker = page.getByRole("region", { name: "Photo", exact: true });
  await chooseAndFrame(page, picker, "blue");

  const upload = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/profile/photo") && response.request().method() === "POST",
  );
  await picker.getByRole("button", { name: "Save photo" }).click();
  const sent = await upload;
  expect(sent.status()).toBe(201);
  const saved = (await sent.json()).data;
  const large = await page.request.get(saved.photo.large);
  const { data, info } = await sharp(await large.body())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixelAt = (x: number, y: number) => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0];
  };
  const middleRow = Math.floor(info.height / 2);
  // The saved photo's centre is the chosen band, not the photo's middle (yellow and green).
  expect(nearestBand(pixelAt(Math.floor(info.width / 2), middleRow))).toBe("blue");
  const columns = [0.02, 0.25, 0.5, 0.75, 0.98].map((share) =>
    nearestBand(pixelAt(Math.floor(info.width * share), middleRow)),
  );
  expect(columns).not.toContain("yellow");
});

test("sign-up shows the framed part of the photo as the card will show it", async ({ page }) => {
  await page.goto("/signup");
  const picker = page.getByRole("region", { name: "Photo", exact: true });
  await chooseAndFrame(page, picker, "orange");
  const preview = picker.getByRole("img", { name: "What your card will show" });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  // The preview's middle pixel, read from a canvas in the page, is the framed band.
  await expect
    .poll(async () =>
      nearestBand(
        await preview.evaluate(async (image: HTMLImageElement) => {
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext("2d");
          if (!context) return [0, 0, 0];
          context.drawImage(image, 0, 0);
          const x = Math.floor(canvas.width / 2);
          const y = Math.floor(canvas.height / 2);
          return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
        }),
      ),
    )
    .toBe("orange");
});
