import { PHOTO_ADDRESS_MESSAGES } from "@kindred/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  type AuthHeaders,
  appsForFile,
  call,
  localSiteForFile,
  signUpUser,
} from "../../../test/helpers.ts";
import { users } from "../../db/schema.ts";

/** A local web site: each test chooses what a path answers; it counts requests and connections. */
const { routes, counts, port, base } = await localSiteForFile();

const face = await sharp({
  create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 120, b: 90 } },
})
  .png()
  .toBuffer();
routes.set("/face.png", (_request, response) =>
  response.writeHead(200, { "content-type": "image/png" }).end(face),
);

const open = appsForFile();
/** As deployed: https to public addresses only. */
const guarded = await open();
/** As for local testing (PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES=true), with a short time limit. */
const local = await open({ photoFetch: { allowPrivateAddresses: true, timeoutMs: 500 } });

function edit(app: FastifyInstance, headers: AuthHeaders, payload: object) {
  return call(app, headers, "PATCH", "/api/profile/edit", payload);
}

async function view(app: FastifyInstance, headers: AuthHeaders) {
  return (await call(app, headers, "GET", "/api/profile/view")).json();
}

/** Sends a photo address with another change; expects the 400 and the profile as it was. */
async function expectRefused(
  app: FastifyInstance,
  photoUrl: string,
  expected: { code: string; message: string },
) {
  const { headers } = await signUpUser(app);
  const before = await view(app, headers);
  const response = await edit(app, headers, { photoUrl, about: "Changed along with the photo" });
  expect(response.statusCode, photoUrl).toBe(400);
  expect(response.json(), photoUrl).toMatchObject({ status: 0, ...expected });
  expect(await view(app, headers), photoUrl).toEqual(before);
}

describe("a pasted photo address, as deployed", () => {
  it("is refused when it leads to a loopback, private or link-local address, without a connection", async () => {
    const before = counts.connections;
    for (const address of [
      `https://127.0.0.1:${port}/face.png`,
      "https://10.0.0.1/face.png",
      "https://172.16.5.4/face.png",
      "https://169.254.169.254/latest/meta-data/",
      `https://[::1]:${port}/face.png`,
      `https://localhost:${port}/face.png`,
    ]) {
      await expectRefused(guarded, address, {
        code: "PHOTO_UNREACHABLE",
        message: PHOTO_ADDRESS_MESSAGES.notPublic,
      });
    }
    expect(counts.connections).toBe(before);
  });

  it("is refused when it is plain http", async () => {
    await expectRefused(guarded, `${base}/face.png`, {
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.notHttps,
    });
  });

  it("is refused when its host does not exist", async () => {
    await expectRefused(guarded, "https://no-such-host.invalid/face.png", {
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.unreachable,
    });
  });
});

describe("a pasted photo address, with private addresses allowed for local testing", () => {
  it("is copied: the photo then comes from this server in three sizes", async () => {
    const { headers } = await signUpUser(local);
    const response = await edit(local, headers, {
      photoUrl: `${base}/face.png`,
      about: "Saved with the photo",
    });
    expect(response.statusCode).toBe(200);
    const me = response.json().data;
    expect(me.about).toBe("Saved with the photo");
    expect(me.photoUrl).toMatch(/^\/api\/photos\/[A-Za-z0-9_-]{43}-card\.webp$/);
    expect(me.photo).toEqual({
      thumb: expect.stringMatching(/^\/api\/photos\/.+-thumb\.webp$/),
      card: me.photoUrl,
      large: expect.stringMatching(/^\/api\/photos\/.+-large\.webp$/),
    });
    const image = await local.inject({ method: "GET", url: me.photoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect((await sharp(image.rawPayload).metadata()).format).toBe("webp");
    expect(await view(local, headers)).toEqual(me);
  });

  it("sent back unchanged (its own address, relative or absolute) changes nothing and fetches nothing", async () => {
    const { headers } = await signUpUser(local);
    const me = (await edit(local, headers, { photoUrl: `${base}/face.png` })).json().data;
    const fetched = counts.requests;
    const origin = local.config.publicOrigin;
    for (const photoUrl of [`${origin}${me.photoUrl}`, `${origin}${me.photo.large}`]) {
      const again = await edit(local, headers, { photoUrl, about: "Only this changed" });
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual({ ...me, about: "Only this changed" });
    }
    expect(counts.requests).toBe(fetched);
  });

  it("is refused when the file there is not a picture", async () => {
    routes.set("/page.html", (_request, response) =>
      response.writeHead(200, { "content-type": "image/png" }).end("<html>not a photo</html>"),
    );
    routes.set("/drawing.svg", (_request, response) =>
      response
        .writeHead(200, { "content-type": "image/svg+xml" })
        .end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    );
    for (const path of ["/page.html", "/drawing.svg"]) {
      await expectRefused(local, `${base}${path}`, {
        code: "PHOTO_NOT_AN_IMAGE",
        message: PHOTO_ADDRESS_MESSAGES.notAnImage,
      });
    }
  });

  it("is refused when the file there is larger than 10 MB, read no further than the limit", async () => {
    let sent = 0;
    routes.set("/huge.png", (_request, response) => {
      response.writeHead(200, { "content-type": "image/png" });
      // No Content-Length: the limit must hold while reading.
      const chunk = Buffer.alloc(256 * 1024);
      const pump = () => {
        while (sent < 40 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once("drain", pump);
            return;
          }
        }
        response.end();
      };
      response.on("close", () => response.removeAllListeners("drain"));
      pump();
    });
    await expectRefused(local, `${base}/huge.png`, {
      code: "PHOTO_NOT_AN_IMAGE",
      message: PHOTO_ADDRESS_MESSAGES.tooLarge,
    });
    expect(sent).toBeLessThan(40 * 1024 * 1024);
  });

  it("is refused when the site is too slow, or answers that there is nothing there", async () => {
    routes.set("/slow.png", (_request, response) => {
      response.writeHead(200, { "content-type": "image/png" });
      response.write(face.subarray(0, 10));
      // ...and the rest never comes.
    });
    await expectRefused(local, `${base}/slow.png`, {
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.timeout,
    });
    await expectRefused(local, `${base}/gone.png`, {
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.badStatus,
    });
  });

  it("is removed by an empty photoUrl: the generated avatar shows again", async () => {
    const { me, headers } = await signUpUser(local);
    await edit(local, headers, { photoUrl: `${base}/face.png` });
    const response = await edit(local, headers, { photoUrl: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      photoUrl: `/api/avatars/${me._id}.svg`,
      photo: null,
    });
  });
});

describe("an address pasted before photos were copied", () => {
  it("is no longer shown (the avatar is), and is copied when the person saves it again", async () => {
    const { me, headers } = await signUpUser(local);
    const legacy = `${base}/face.png`;
    await local.db.update(users).set({ photoUrl: legacy }).where(eq(users.id, me._id));
    const shown = await view(local, headers);
    expect(shown).toMatchObject({ photoUrl: `/api/avatars/${me._id}.svg`, photo: null });
    const saved = await edit(local, headers, { photoUrl: legacy });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.photoUrl).toMatch(/^\/api\/photos\/.+-card\.webp$/);
    const [row] = await local.db.select().from(users).where(eq(users.id, me._id));
    expect(row?.photoUrl).toBeNull();
  });
});
