import { PHOTO_MAX_BYTES } from "@kindred/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PHOTO_MESSAGES } from "@/config/copy.ts";
import { queryKeys } from "@/lib/query-client.ts";
import {
  type FetchCall,
  failure,
  firstLoad,
  mockFetch,
  ok,
  renderApp,
  sampleMe,
  setXsrfCookie,
  unauthenticated,
} from "@/test/render.tsx";

const uploaded = {
  thumb: "/api/photos/abc-thumb.webp",
  card: "/api/photos/abc-card.webp",
  large: "/api/photos/abc-large.webp",
};
const withoutPhoto = { ...sampleMe, photo: null };
const withPhoto = { ...sampleMe, photoUrl: uploaded.card, photo: uploaded };

function signedIn(me: object, extra: (call: FetchCall) => ReturnType<typeof ok> | undefined) {
  setXsrfCookie();
  return mockFetch((call) => {
    if (call.path === "/profile/view") return { body: me };
    return extra(call);
  });
}

function jpeg(name = "phone.jpg", size = 2048): File {
  const bytes = new Uint8Array(size).map((_, index) => index % 251);
  return new File([bytes], name, { type: "image/jpeg" });
}

/** jsdom has no object URLs; the picker only needs distinct addresses. */
let objectUrls = 0;
beforeEach(() => {
  objectUrls = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn(() => `blob:http://localhost/photo-${++objectUrls}`),
    revokeObjectURL: vi.fn(),
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

/**
 * jsdom lays nothing out: give the cropper's picture a 3000 × 4000 upright size in a 320 × 400
 * box and let it load, as a browser would after decoding the file.
 */
function loadCropperImage() {
  const image = document.querySelector<HTMLImageElement>("img.reactEasyCrop_Image");
  if (!image?.parentElement) throw new Error("the cropper shows no picture");
  Object.defineProperty(image, "naturalWidth", { value: 3000 });
  Object.defineProperty(image, "naturalHeight", { value: 4000 });
  vi.spyOn(image.parentElement, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 320, height: 400 }),
  );
  fireEvent.load(image);
}

function fileInput(): HTMLInputElement {
  return screen.getByLabelText(PHOTO_MESSAGES.choose, { selector: "input" });
}

describe("photo picker on the profile", () => {
  it("refuses a file that is not a photo or is over 10 MB, in the server's words, and sends nothing", async () => {
    const calls = signedIn(withoutPhoto, () => undefined);
    renderApp("/profile");
    const picker = await screen.findByRole("region", { name: PHOTO_MESSAGES.heading }, firstLoad);

    // Dropped, a text file; chosen, a GIF (the input's accept list is only a hint to the browser).
    fireEvent.drop(picker, {
      dataTransfer: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] },
    });
    expect(within(picker).getByRole("alert")).toHaveTextContent(PHOTO_MESSAGES.notAnImage);
    fireEvent.change(fileInput(), {
      target: { files: [new File(["GIF89a"], "cat.gif", { type: "image/gif" })] },
    });
    expect(within(picker).getByRole("alert")).toHaveTextContent(PHOTO_MESSAGES.notAnImage);

    fireEvent.change(fileInput(), { target: { files: [jpeg("huge.jpg", PHOTO_MAX_BYTES + 1)] } });
    expect(within(picker).getByRole("alert")).toHaveTextContent(PHOTO_MESSAGES.tooLarge);
    expect(within(picker).queryByRole("button", { name: PHOTO_MESSAGES.save })).toBeNull();

    // A HEIC file without a type (most systems but Apple's) is accepted by its name.
    fireEvent.change(fileInput(), {
      target: { files: [new File([new Uint8Array(10)], "IMG_0001.HEIC", { type: "" })] },
    });
    expect(within(picker).queryByRole("alert")).toBeNull();
    expect(within(picker).getByRole("button", { name: PHOTO_MESSAGES.save })).toBeDisabled();
    expect(calls.filter((call) => call.path === "/profile/photo")).toHaveLength(0);
  });

  it("opens the file chooser from a real button", async () => {
    signedIn(withoutPhoto, () => undefined);
    const user = userEvent.setup();
    renderApp("/profile");
    const choose = await screen.findByRole("button", { name: PHOTO_MESSAGES.choose }, firstLoad);
    const opened = vi.spyOn(fileInput(), "click");
    choose.focus();
    await user.keyboard("{Enter}");
    expect(opened).toHaveBeenCalledOnce();
  });

  it("sends the original file with the crop in its pixels, then shows the saved photo", async () => {
    const calls = signedIn(withoutPhoto, (call) =>
      call.method === "POST" && call.path === "/profile/photo" ? ok(withPhoto, 201) : undefined,
    );
    const user = userEvent.setup();
    const { queryClient } = renderApp("/profile");
    await screen.findByRole("button", { name: PHOTO_MESSAGES.choose }, firstLoad);
    const file = jpeg();
    await user.upload(fileInput(), file);

    const preview = screen.getByRole("complementary", { name: "Live preview" });
    // The card previews the chosen picture before anything is sent.
    expect(within(preview).getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      "blob:http://localhost/photo-1",
    );
    expect(screen.getByRole("slider", { name: PHOTO_MESSAGES.zoom })).toHaveValue("1");
    loadCropperImage();
    expect(screen.getByRole("group", { name: PHOTO_MESSAGES.cropArea })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: PHOTO_MESSAGES.save }));

    expect(await screen.findByText(PHOTO_MESSAGES.saved)).toBeInTheDocument();
    const post = calls.find((call) => call.path === "/profile/photo");
    expect(post?.method).toBe("POST");
    const sent = post?.init.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    // Not re-encoded in the browser: the very file, the server turns it upright.
    const photo = sent.get("photo") as File;
    expect([photo.name, photo.type, photo.size]).toEqual([file.name, file.type, file.size]);
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(
      new Uint8Array(await file.arrayBuffer()),
    );
    // The card's 2:3 shape, as tall as the picture and centred on it.
    expect(JSON.parse(String(sent.get("crop")))).toEqual({
      x: 167,
      y: 0,
      width: 2667,
      height: 4000,
    });
    expect([...sent.keys()]).toEqual(["crop", "photo"]);
    // The browser writes the multipart type with its boundary; the XSRF header still goes.
    expect(post?.headers.get("Content-Type")).toBeNull();
    expect(post?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");

    expect(queryClient.getQueryData(queryKeys.me)).toEqual(withPhoto);
    await waitFor(() =>
      expect(within(preview).getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
        "src",
        uploaded.card,
      ),
    );
    expect(screen.getByRole("button", { name: PHOTO_MESSAGES.remove })).toBeInTheDocument();
  });

  it("shows the server's refusal as it came and keeps the chosen photo", async () => {
    signedIn(withoutPhoto, (call) =>
      call.path === "/profile/photo"
        ? failure(400, "PHOTO_TOO_MANY_PIXELS", PHOTO_MESSAGES.tooManyPixels)
        : undefined,
    );
    const user = userEvent.setup();
    renderApp("/profile");
    await screen.findByRole("button", { name: PHOTO_MESSAGES.choose }, firstLoad);
    await user.upload(fileInput(), jpeg());
    loadCropperImage();
    await user.click(screen.getByRole("button", { name: PHOTO_MESSAGES.save }));

    const picker = screen.getByRole("region", { name: PHOTO_MESSAGES.heading });
    expect(await within(picker).findByRole("alert")).toHaveTextContent(
      PHOTO_MESSAGES.tooManyPixels,
    );
    expect(within(picker).getByRole("button", { name: PHOTO_MESSAGES.save })).toBeEnabled();
  });

  it("removes the photo: the generated avatar is back", async () => {
    const calls = signedIn(withPhoto, (call) =>
      call.method === "DELETE" && call.path === "/profile/photo" ? ok(withoutPhoto) : undefined,
    );
    const user = userEvent.setup();
    renderApp("/profile");
    const preview = await screen.findByRole("complementary", { name: "Live preview" }, firstLoad);
    expect(within(preview).getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      uploaded.card,
    );
    await user.click(screen.getByRole("button", { name: PHOTO_MESSAGES.remove }));

    expect(await screen.findByText(PHOTO_MESSAGES.removed)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(within(preview).getByRole("img", { name: "Ada Lovelace" })).toHaveAttribute(
      "src",
      sampleMe.photoUrl,
    );
    expect(screen.queryByRole("button", { name: PHOTO_MESSAGES.remove })).toBeNull();
    expect(screen.getByRole("button", { name: PHOTO_MESSAGES.choose })).toBeInTheDocument();
  });
});

describe("photo at signup", () => {
  async function signUpWithPhoto(photoReply: (call: FetchCall) => ReturnType<typeof ok>) {
    setXsrfCookie();
    const calls = mockFetch((call) => {
      if (call.path === "/signup") return ok(withoutPhoto, 201);
      if (call.path === "/profile/photo") return photoReply(call);
      if (call.path === "/profile/view") return unauthenticated;
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderApp("/signup");
    await user.type(await screen.findByLabelText("First name", {}, firstLoad), "Ada");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    const tags = screen.getByLabelText("Skills and interests");
    for (const tag of ["math", "poetry", "engines"]) await user.type(tags, `${tag}{Enter}`);
    await user.click(screen.getByLabelText(/I am 13 or over and accept the Terms/));
    // Optional, and nothing is sent before the account exists.
    await user.upload(fileInput(), jpeg());
    loadCropperImage();
    expect(calls.filter((call) => call.path === "/profile/photo")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    return { calls };
  }

  it("uploads the photo right after the account is created", async () => {
    const { calls } = await signUpWithPhoto(() => ok(withPhoto, 201));
    const order = calls.filter((call) => call.method === "POST").map((call) => call.path);
    expect(order).toEqual(["/signup", "/profile/photo"]);
    const sent = calls.find((call) => call.path === "/profile/photo")?.init.body as FormData;
    expect((sent.get("photo") as File).name).toBe("phone.jpg");
    expect(JSON.parse(String(sent.get("crop")))).toMatchObject({ width: 2667, height: 4000 });
    expect(screen.queryByText(/your photo was not saved/)).toBeNull();
  });

  it("keeps the account when the upload fails, and says where to add the photo", async () => {
    await signUpWithPhoto(() => failure(413, "PHOTO_TOO_LARGE", PHOTO_MESSAGES.tooLarge));
    expect(
      await screen.findByText(PHOTO_MESSAGES.signupPhotoFailed(PHOTO_MESSAGES.tooLarge)),
    ).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Your profile" })).toBeInTheDocument();
  });
});
