import type { Me } from "@kindred/shared";
import type { Page, Request } from "@playwright/test";
import sharp from "sharp";
import {
  type ApiSession,
  connectByApi,
  expect,
  test,
  uniqueId,
  uniqueSkills,
} from "../fixtures.ts";

/** A small photo of one colour, as a phone would upload it. */
function photoOf(red: number, green: number, blue: number): Promise<Buffer> {
  return sharp({
    create: { width: 240, height: 320, channels: 3, background: { r: red, g: green, b: blue } },
  })
    .jpeg()
    .toBuffer();
}

async function xsrfOf(session: ApiSession): Promise<string> {
  const state = await session.context.storageState();
  return decodeURIComponent(state.cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "");
}

async function uploadPhoto(session: ApiSession, bytes: Buffer): Promise<Me> {
  const response = await session.context.post("/api/profile/photo", {
    multipart: { photo: { name: "face.jpg", mimeType: "image/jpeg", buffer: bytes } },
    headers: { "X-XSRF-TOKEN": await xsrfOf(session) },
  });
  const body = await response.json();
  expect(response.status(), JSON.stringify(body)).toBe(201);
  return body.data as Me;
}

/** Every image the page asks for, wherever it goes. */
function watchImages(page: Page): string[] {
  const images: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "image") images.push(request.url());
  });
  return images;
}

test("no page loads an image from another origin; faces come from this server", async ({
  createUser,
  apiAs,
  signedInPage,
  baseURL,
}) => {
  const id = uniqueId();
  const skills = uniqueSkills(id, "kayak", "chess", "tea");
  const viewer = await createUser({ firstName: `Vera${id}`, skills });
  const ana = await createUser({ firstName: `Ana${id}`, skills });
  const ben = await createUser({ firstName: `Ben${id}`, skills });
  const [viewerApi, anaApi, benApi] = await Promise.all([apiAs(viewer), apiAs(ana), apiAs(ben)]);

  // A pasted address to this machine is refused, and nothing changes.
  const pasted = await viewerApi.context.fetch("/api/profile/edit", {
    method: "PATCH",
    data: { photoUrl: "https://127.0.0.1/tracker.png", about: "not saved" },
    headers: { "X-XSRF-TOKEN": await xsrfOf(viewerApi) },
  });
  expect(pasted.status()).toBe(400);
  expect((await pasted.json()).code).toBe("PHOTO_UNREACHABLE");
  const unchanged = await viewerApi.context.get("/api/profile/view");
  expect(((await unchanged.json()) as Me).about).toBe("");

  await uploadPhoto(viewerApi, await photoOf(40, 90, 160));
  const anaMe = await uploadPhoto(anaApi, await photoOf(200, 120, 90));
  const benMe = await uploadPhoto(benApi, await photoOf(90, 170, 110));

  // Ana and the viewer are connected (connections, chat); Ben stays in the viewer's feed.
  await connectByApi(anaApi, viewerApi, viewer);
  await anaApi.post(`/api/chat/${viewer.me._id}/messages`, { text: "Hello from Ana" });
  const publicUrl = await anaApi.get<{ url: string }>("/api/generate_public_url");

  const page = await signedInPage(viewer);
  const images = watchImages(page);

  await page.goto("/home");
  const benPhoto = page.getByRole("img", { name: `${benMe.firstName} ${benMe.lastName}` }).first();
  await expect(benPhoto).toBeVisible();
  await expect(benPhoto).toHaveAttribute("src", /\/api\/photos\//);
  await expect
    .poll(() => benPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto("/connections");
  const anaName = `${anaMe.firstName} ${anaMe.lastName}`;
  await expect(page.getByRole("img", { name: anaName }).first()).toHaveAttribute(
    "src",
    /\/api\/photos\//,
  );

  await page.goto(`/chat/${anaMe._id}`);
  await expect(page.getByRole("img", { name: anaName }).first()).toHaveAttribute(
    "src",
    /\/api\/photos\//,
  );

  await page.goto(new URL(publicUrl.url).pathname);
  await expect(page.getByRole("img", { name: anaName }).first()).toHaveAttribute(
    "src",
    /\/api\/photos\//,
  );

  await page.goto("/community");
  await expect(page.getByRole("heading").first()).toBeVisible();

  const origin = new URL(baseURL as string).origin;
  expect(
    images.filter((url) => new URL(url).protocol !== "data:" && new URL(url).origin !== origin),
  ).toEqual([]);
  expect(images.some((url) => url.startsWith(`${origin}/api/photos/`))).toBe(true);
});
