import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { type Me, PHOTO_MESSAGES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appsForFile,
  multipart,
  type MultipartPart as Part,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";
import type { Config, S3Settings } from "../../config.ts";

/** A phone photo: stored sideways (1600×1200) with EXIF Orientation 6 and a GPS position. */
async function phonePhoto(colour = "#c0392b"): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone", Orientation: "6" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function pngPhoto(colour: string, width = 300, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb's header: a valid PNG that claims 20,000 × 20,000 pixels, in 60 bytes. */
function hugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const BUCKET = "kindred-photos";
let s3: S3Settings;
let s3rver: { close(): Promise<void> } | undefined;
const s3Dir = await mkdtemp(path.join(os.tmpdir(), "kindred-s3rver-"));

beforeAll(async () => {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await server.run()) as { port: number };
  s3rver = server;
  s3 = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
});

const photoDir = await mkdtemp(path.join(os.tmpdir(), "kindred-photos-"));
afterAll(async () => {
  await s3rver?.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(photoDir, { recursive: true, force: true });
});

const open = appsForFile();

type Storage = {
  name: string;
  overrides: () => Partial<Config>;
  /** The names of the stored files. */
  list: () => Promise<string[]>;
};

const storages: Storage[] = [
  {
    name: "disk",
    overrides: () => ({ photoDir }),
    list: async () =>
      (await readdir(photoDir).catch(() => [] as string[])).filter((n) => !n.startsWith(".")),
  },
  {
    name: "S3 (s3rver)",
    overrides: () => ({ s3 }),
    list: async () => {
      const client = new S3Client({
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      try {
        const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
        return (answer.Contents ?? []).map((object) => object.Key as string);
      } finally {
        client.destroy();
      }
    },
  },
];

describe.each(storages)("photos stored on $name", (storage) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await open(storage.overrides());
  });

  function upload(user: Session | { headers: Record<string, string> }, parts: Part[]) {
    const body = multipart(parts);
    return app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...user.headers, "content-type": body.contentType },
      payload: body.payload,
    });
  }

  /** A file part; by default named and typed as what it holds, as a browser sends a real photo. */
  const isPng = (data: Buffer) => data.subarray(1, 4).toString("latin1") === "PNG";
  const photoPart = (
    data: Buffer,
    filename = isPng(data) ? "photo.png" : "photo.jpg",
    type = isPng(data) ? "image/png" : "image/jpeg",
  ): Part => ({
    name: "photo",
    filename,
    type,
    data,
  });

  async function fetchPhoto(url: string, on = app) {
    return on.inject({ method: "GET", url });
  }

  async function meOf(user: Session): Promise<Me> {
    return (
      await app.inject({ method: "GET", url: "/api/profile/view", headers: user.headers })
    ).json() as Me;
  }

  it("makes a sideways phone photo upright, cropped, in three sizes with no EXIF or GPS, shown everywhere", async () => {
    const original = await phonePhoto();
    const input = await sharp(original).metadata();
    expect(input.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the input's EXIF.
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const ada = await signUpUser(app, { firstName: "Ada" });
    // Upright the picture is 1200 wide and 1600 tall; the crop is in those pixels.
    const crop = { x: 100, y: 200, width: 900, height: 1200 };
    const response = await upload(ada, [
      photoPart(original),
      { name: "crop", data: JSON.stringify(crop) },
    ]);
    expect(response.statusCode).toBe(201);
    const me = response.json().data as Me;
    expect(me.photo).not.toBeNull();
    const photo = me.photo as NonNullable<Me["photo"]>;
    expect(me.photoUrl).toBe(photo.card);
    expect(photo.card).toMatch(/^\/api\/photos\/[A-Za-z0-9_-]{43}-card\.webp$/);

    const expected = {
      thumb: { width: 96, height: 96 },
      card: { width: 480, height: 640 },
      // Never enlarged: the crop is 900 × 1200, smaller than the large size's box.
      large: { width: 900, height: 1200 },
    };
    for (const size of ["thumb", "card", "large"] as const) {
      const served = await fetchPhoto(photo[size]);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect({ width: meta.width, height: meta.height }).toEqual(expected[size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(
      (await storage.list()).filter((name) => name.startsWith(photo.card.slice(12, 55))),
    ).toHaveLength(3);

    expect((await meOf(ada)).photo).toEqual(photo);

    // Another person sees it on the card in the feed and on the public profile.
    const viewer = await signUpUser(app);
    const feed = await app.inject({
      method: "GET",
      url: "/api/feed?limit=50",
      headers: viewer.headers,
    });
    const card = (feed.json().data as Me[]).find((c) => c._id === ada.me._id);
    expect(card?.photo).toEqual(photo);
    expect(card?.photoUrl).toBe(photo.card);
    const share = await app.inject({
      method: "GET",
      url: "/api/generate_public_url",
      headers: ada.headers,
    });
    const publicId = (share.json().data.url as string).split("/").pop();
    const profile = await app.inject({ method: "GET", url: `/api/get_public_profile/${publicId}` });
    expect(profile.json().data.photo).toEqual(photo);
    expect(profile.json().data.photoUrl).toBe(photo.card);
  });

  it("replacing a photo changes its address and deletes the old files; removing brings the avatar back", async () => {
    const bea = await signUpUser(app, { firstName: "Bea" });
    const first = (
      await upload(bea, [photoPart(await pngPhoto("#123456"), "a.png", "image/png")])
    ).json().data as Me;
    const second = (
      await upload(bea, [photoPart(await pngPhoto("#654321"), "b.png", "image/png")])
    ).json().data as Me;
    expect(second.photoUrl).not.toBe(first.photoUrl);
    const files = await storage.list();
    for (const url of Object.values(first.photo ?? {})) {
      expect((await fetchPhoto(url)).statusCode).toBe(404);
      expect(files).not.toContain(url.split("/").pop());
    }
    for (const url of Object.values(second.photo ?? {})) {
      expect((await fetchPhoto(url)).statusCode).toBe(200);
    }

    const removed = await app.inject({
      method: "DELETE",
      url: "/api/profile/photo",
      headers: bea.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.photo).toBeNull();
    expect(removed.json().data.photoUrl).toBe(`/api/avatars/${bea.me._id}.svg`);
    for (const url of Object.values(second.photo ?? {})) {
      expect((await fetchPhoto(url)).statusCode).toBe(404);
      expect(await storage.list()).not.toContain(url.split("/").pop());
    }
  });

  it("keeps the files of an identical photo while another person still uses it", async () => {
    const same = await pngPhoto("#2e8b57");
    const [cy, dee] = [await signUpUser(app), await signUpUser(app)];
    const cys = (await upload(cy, [photoPart(same)])).json().data as Me;
    const dees = (await upload(dee, [photoPart(same)])).json().data as Me;
    expect(dees.photo).toEqual(cys.photo);
    await app.inject({ method: "DELETE", url: "/api/profile/photo", headers: cy.headers });
    for (const url of Object.values(dees.photo ?? {})) {
      expect((await fetchPhoto(url)).statusCode).toBe(200);
    }
    await app.inject({ method: "DELETE", url: "/api/profile/photo", headers: dee.headers });
    for (const url of Object.values(dees.photo ?? {})) {
      expect((await fetchPhoto(url)).statusCode).toBe(404);
    }
  });

  it("never loses the files of a photo one person removes while another uploads the same", async () => {
    const same = await pngPhoto("#8e44ad", 120, 160);
    for (let round = 0; round < 5; round++) {
      const [leaver, joiner] = [await signUpUser(app), await signUpUser(app)];
      expect((await upload(leaver, [photoPart(same)])).statusCode).toBe(201);
      const [removed, joined] = await Promise.all([
        app.inject({ method: "DELETE", url: "/api/profile/photo", headers: leaver.headers }),
        upload(joiner, [photoPart(same)]),
      ]);
      expect(removed.statusCode).toBe(200);
      expect(joined.statusCode).toBe(201);
      const photo = (joined.json().data as Me).photo;
      expect(photo).not.toBeNull();
      for (const url of Object.values(photo ?? {})) {
        expect((await fetchPhoto(url)).statusCode).toBe(200);
      }
      await app.inject({ method: "DELETE", url: "/api/profile/photo", headers: joiner.headers });
    }
  });

  it("accepts a PNG by its content when its name and type claim nothing", async () => {
    const user = await signUpUser(app);
    const response = await upload(user, [
      photoPart(await pngPhoto("#abcdef"), "photo", "application/octet-stream"),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.photo).not.toBeNull();
  });

  it("accepts WebP and AVIF by their content", async () => {
    const base = sharp({ create: { width: 200, height: 260, channels: 3, background: "#d35400" } });
    for (const bytes of [
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
    ]) {
      const user = await signUpUser(app);
      const response = await upload(user, [
        photoPart(bytes, "upload.bin", "application/octet-stream"),
      ]);
      expect(response.statusCode).toBe(201);
      const served = await fetchPhoto((response.json().data as Me).photo?.card as string);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(200);
    }
  });

  describe("refuses with a clear 4xx and stores nothing", () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const cases: [string, () => Promise<Part[]>, number, string][] = [
      [
        "an SVG",
        async () => [photoPart(svg, "me.svg", "image/svg+xml")],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a PNG renamed .jpg",
        async () => [photoPart(await pngPhoto("#abcdef"), "me.jpg", "image/jpeg")],
        400,
        PHOTO_MESSAGES.typeMismatch,
      ],
      [
        "a PNG named .png but sent as a JPEG",
        async () => [photoPart(await pngPhoto("#abcdef"), "me.png", "image/jpeg")],
        400,
        PHOTO_MESSAGES.typeMismatch,
      ],
      [
        "an SVG named .png",
        async () => [photoPart(svg, "me.png", "image/png")],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a text file",
        async () => [photoPart(Buffer.from("hello, I am not a picture"), "me.jpg")],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a GIF",
        async () => [
          photoPart(
            await sharp({ create: { width: 20, height: 20, channels: 3, background: "#f00" } })
              .gif()
              .toBuffer(),
            "me.gif",
            "image/gif",
          ),
        ],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a truncated JPEG",
        async () => [photoPart((await phonePhoto()).subarray(0, 400))],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a 12 MB file",
        async () => [
          photoPart(
            Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(12 * 1024 * 1024)]),
          ),
        ],
        413,
        PHOTO_MESSAGES.tooLarge,
      ],
      [
        "a HEIC header over bytes that are not a picture",
        async () => [
          photoPart(
            Buffer.concat([
              Buffer.from([0, 0, 0, 24]),
              Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
              randomBytes(200),
            ]),
            "me.heic",
            "image/heic",
          ),
        ],
        400,
        PHOTO_MESSAGES.notAnImage,
      ],
      [
        "a 20,000 × 20,000 PNG",
        async () => [photoPart(hugePngHeader(), "bomb.png", "image/png")],
        400,
        PHOTO_MESSAGES.tooManyPixels,
      ],
      [
        "no file",
        async () => [{ name: "crop", data: '{"x":0,"y":0,"width":10,"height":10}' }],
        400,
        PHOTO_MESSAGES.noFile,
      ],
      [
        "two files",
        async () => [photoPart(await pngPhoto("#111111")), photoPart(await pngPhoto("#222222"))],
        400,
        PHOTO_MESSAGES.oneFile,
      ],
      [
        "a crop outside the picture",
        async () => [
          photoPart(await pngPhoto("#333333")),
          { name: "crop", data: '{"x":200,"y":0,"width":200,"height":100}' },
        ],
        400,
        PHOTO_MESSAGES.badCrop,
      ],
      [
        "a crop of zero size",
        async () => [
          photoPart(await pngPhoto("#444444")),
          { name: "crop", data: '{"x":0,"y":0,"width":0,"height":100}' },
        ],
        400,
        PHOTO_MESSAGES.badCrop,
      ],
      [
        "a crop that is not JSON",
        async () => [photoPart(await pngPhoto("#555555")), { name: "crop", data: "x=1" }],
        400,
        PHOTO_MESSAGES.badCrop,
      ],
      [
        "a crop with NaN",
        async () => [
          photoPart(await pngPhoto("#666666")),
          { name: "crop", data: '{"x":"NaN","y":0,"width":10,"height":10}' },
        ],
        400,
        PHOTO_MESSAGES.badCrop,
      ],
      [
        "a negative crop",
        async () => [
          photoPart(await pngPhoto("#777777")),
          { name: "crop", data: '{"x":-5,"y":0,"width":10,"height":10}' },
        ],
        400,
        PHOTO_MESSAGES.badCrop,
      ],
    ];
    it.each(cases)("%s", async (_name, parts, status, message) => {
      const user = await signUpUser(app);
      const before = await storage.list();
      const response = await upload(user, await parts());
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status: 0, message });
      expect(await storage.list()).toEqual(before);
      expect((await meOf(user)).photo).toBeNull();
    });

    it("a body that is not multipart (415)", async () => {
      const user = await signUpUser(app);
      for (const [type, payload] of [
        ["application/json", JSON.stringify({ photo: "x" })],
        ["application/octet-stream", await pngPhoto("#888888")],
      ] as const) {
        const response = await app.inject({
          method: "POST",
          url: "/api/profile/photo",
          headers: { ...user.headers, "content-type": type },
          payload,
        });
        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ status: 0, message: PHOTO_MESSAGES.notMultipart });
      }
    });

    it("an upload without a session (401) or without the CSRF header (403)", async () => {
      const anonymous = await upload({ headers: await anonymousHeaders(app) }, [
        photoPart(await pngPhoto("#999999")),
      ]);
      expect(anonymous.statusCode).toBe(401);
      const user = await signUpUser(app);
      const noCsrf = await upload({ headers: { cookie: user.headers.cookie } }, [
        photoPart(await pngPhoto("#999999")),
      ]);
      expect(noCsrf.statusCode).toBe(403);
      const removed = await app.inject({
        method: "DELETE",
        url: "/api/profile/photo",
        headers: await anonymousHeaders(app),
      });
      expect(removed.statusCode).toBe(401);
    });
  });

  it("serves only photo names: 404 for traversal, other names and unknown photos", async () => {
    for (const url of [
      "/api/photos/..%2F..%2Fpackage.json",
      "/api/photos/%2e%2e",
      `/api/photos/${"a".repeat(43)}-card.webp`,
      `/api/photos/${"a".repeat(43)}-card.png`,
      `/api/photos/${"a".repeat(43)}-huge.webp`,
      "/api/photos/.hidden",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 0 });
    }
  });
});

describe("photos in S3 shared by two server processes", () => {
  it("a second process serves a photo the first one stored", async () => {
    const first = await open({ s3 });
    const second = await open({ s3 });
    const user = await signUpUser(first);
    const body = multipart([
      { name: "photo", filename: "p.png", type: "image/png", data: await pngPhoto("#0a7e8c") },
    ]);
    const stored = await first.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...user.headers, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(stored.statusCode).toBe(201);
    const url = (stored.json().data as Me).photo?.large as string;
    const served = await second.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    const original = await first.inject({ method: "GET", url });
    expect(served.rawPayload.equals(original.rawPayload)).toBe(true);
  });
});

describe("the upload limit per account", () => {
  it("answers 429 past the limit", async () => {
    const app = await open({ photoUploadsPerAccount: { max: 2, windowMs: 60_000 } });
    const user = await signUpUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const body = multipart([
        { name: "photo", filename: "p.png", type: "image/png", data: await pngPhoto(`#00000${i}`) },
      ]);
      const response = await app.inject({
        method: "POST",
        url: "/api/profile/photo",
        headers: { ...user.headers, "content-type": body.contentType },
        payload: body.payload,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
