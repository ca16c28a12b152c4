import type { Me } from "@kindred/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  blockUser,
  call,
  metaOf,
  multipart,
  openPage,
  reviewRequest,
  type Session,
  sendRequest,
  signUpUser,
  titleOf,
  webDistForFile,
} from "../../../test/helpers.ts";

const app = await appForFile({ webDistDir: webDistForFile() });

async function publicIdOf(user: Session): Promise<string> {
  const response = await app.inject({
    method: "GET",
    url: "/api/generate_public_url",
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  const url = response.json().data.url as string;
  expect(url).toMatch(/\/GetToKnowMe\/[^/]+$/);
  return url.split("/").pop() as string;
}

async function relationship(viewer: Session | undefined, of: Session): Promise<unknown> {
  const response = await app.inject({
    method: "GET",
    url: `/api/get_public_profile/${await publicIdOf(of)}`,
    headers: viewer ? { cookie: viewer.headers.cookie } : {},
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().data._id).toBe(of.me._id);
  return response.json().data.relationship;
}

const send = (from: Session, status: string, to: Session) => sendRequest(app, from, status, to);
const review = (by: Session, status: string, requestId: string) =>
  reviewRequest(app, by, status, requestId);

describe("GET /api/get_public_profile/:publicUserId relationship", () => {
  it("is absent for a visitor and for a session that is not valid", async () => {
    const ada = await signUpUser(app);
    expect(await relationship(undefined, ada)).toBeUndefined();
    const response = await app.inject({
      method: "GET",
      url: `/api/get_public_profile/${await publicIdOf(ada)}`,
      headers: { cookie: "token=not-a-session" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).not.toHaveProperty("relationship");
  });

  it("says self, none, sent and received", async () => {
    const [me, them, fan] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    expect(await relationship(me, me)).toBe("self");
    expect(await relationship(me, them)).toBe("none");
    await send(me, "interested", them);
    expect(await relationship(me, them)).toBe("sent");
    expect(await relationship(them, me)).toBe("received");
    await send(fan, "interested", me);
    expect(await relationship(me, fan)).toBe("received");
  });

  it("says connected after an acceptance either way, closed after an ignore or a rejection", async () => {
    const [me, friend, ignored, rejecter] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    await review(friend, "accepted", await send(me, "interested", friend));
    expect(await relationship(me, friend)).toBe("connected");
    expect(await relationship(friend, me)).toBe("connected");
    await send(me, "ignored", ignored);
    expect(await relationship(me, ignored)).toBe("closed");
    expect(await relationship(ignored, me)).toBe("closed");
    await review(rejecter, "rejected", await send(me, "interested", rejecter));
    expect(await relationship(me, rejecter)).toBe("closed");
  });
});

describe("GET /api/get_public_profile/:publicUserId between a blocked pair", () => {
  /** The answer without the parts that differ between any two calls. */
  async function answer(viewer: Session, publicId: string) {
    const response = await app.inject({
      method: "GET",
      url: `/api/get_public_profile/${publicId}`,
      headers: { cookie: viewer.headers.cookie },
    });
    return { status: response.statusCode, body: response.json() };
  }

  it("is the same 404 as an unknown link, both ways, until the block is lifted", async () => {
    const [blocker, blocked, bystander] = [
      await signUpUser(app),
      await signUpUser(app),
      await signUpUser(app),
    ];
    await review(blocked, "accepted", await send(blocker, "interested", blocked));
    const [blockerLink, blockedLink] = [await publicIdOf(blocker), await publicIdOf(blocked)];
    await blockUser(app, blocker, blocked.me._id);

    const unknown = await answer(blocked, "no-one-has-this-link");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      status: 0,
      code: "NOT_FOUND",
      message: "This profile does not exist.",
    });
    expect(await answer(blocked, blockerLink)).toEqual(unknown);
    expect(await answer(blocker, blockedLink)).toEqual(unknown);
    // Everyone else, and each of the two on their own profile, still sees it.
    expect(await relationship(bystander, blocker)).toBe("none");
    expect(await relationship(blocker, blocker)).toBe("self");
    expect(await relationship(blocked, blocked)).toBe("self");

    await blockUser(app, blocker, blocked.me._id, "DELETE");
    expect(await relationship(blocked, blocker)).toBe("none");
  });
});

describe("GET /GetToKnowMe/:publicUserId as a page (what a shared link unfurls to)", () => {
  async function uploadPhoto(user: Session): Promise<Me> {
    const picture = await sharp({
      create: { width: 60, height: 80, channels: 3, background: "#3366aa" },
    })
      .png()
      .toBuffer();
    const body = multipart([
      { name: "photo", filename: "me.png", type: "image/png", data: picture },
    ]);
    const response = await app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...user.headers, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Me;
  }

  it("names the person, the first line of their about and their photo, all escaped", async () => {
    const ada = await signUpUser(app, { firstName: 'Ada "Al" <b>', lastName: "O'Neil & co" });
    const edited = await call(app, ada, "PATCH", "/api/profile/edit", {
      about: 'Counts <things> & "more"\nSecond line, not shown',
    });
    expect(edited.statusCode).toBe(200);
    const me = await uploadPhoto(ada);
    const publicId = await publicIdOf(ada);

    const page = await openPage(app, `/GetToKnowMe/${publicId}`);
    expect(page.status).toBe(200);
    const name = "Ada &quot;Al&quot; &lt;b&gt; O&#39;Neil &amp; co";
    expect(titleOf(page.html)).toBe(`${name} · Kindred`);
    expect(metaOf(page.html, "og:title")).toBe(name);
    expect(metaOf(page.html, "twitter:title")).toBe(name);
    expect(metaOf(page.html, "og:description")).toBe(
      "Counts &lt;things&gt; &amp; &quot;more&quot;",
    );
    expect(me.photo?.large).toMatch(/^\/api\/photos\//);
    expect(metaOf(page.html, "og:image")).toBe(`http://localhost:7777${me.photo?.large}`);
    expect(metaOf(page.html, "og:url")).toBe(`http://localhost:7777/GetToKnowMe/${publicId}`);
    expect(metaOf(page.html, "og:type")).toBe("profile");
    expect(metaOf(page.html, "twitter:card")).toBe("summary_large_image");
    // Nothing the person wrote reaches the page as markup, and no script is added (CSP).
    expect(page.html).not.toContain("<b>");
    expect(page.html).not.toContain("<things>");
    expect(page.html.match(/<script/g)).toHaveLength(1);
    // The photo it names is there for anyone (an unfurler has no session).
    const image = await app.inject({ method: "GET", url: me.photo?.large ?? "" });
    expect(image.statusCode).toBe(200);
  });

  it("gives an under-18's page no preview, only the site's title", async () => {
    const teen = await signUpUser(app, { firstName: "Tess", age: 16 });
    await call(app, teen, "PATCH", "/api/profile/edit", { about: "Year 11, likes chess" });
    const page = await openPage(app, `/GetToKnowMe/${await publicIdOf(teen)}`);
    expect(page.status).toBe(200);
    expect(titleOf(page.html)).toBe("Kindred");
    expect(page.html).not.toContain("og:");
    expect(page.html).not.toContain("twitter:");
    expect(page.html).not.toContain("Tess");
    expect(page.html).not.toContain("chess");
  });

  it("answers an id that names no one with the not-found page and 404", async () => {
    const page = await openPage(app, "/GetToKnowMe/nobody-has-this-id");
    expect(page.status).toBe(404);
    expect(titleOf(page.html)).toBe("Page not found · Kindred");
    expect(page.html).not.toContain("og:");
  });
});
