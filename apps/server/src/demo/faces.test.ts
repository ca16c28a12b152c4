import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Me } from "@kindred/shared";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { anonymousHeaders, appsForFile, cookieFrom } from "../../test/helpers.ts";
import { processPhoto } from "../modules/photos/process.ts";
import { drawDemoPortrait } from "./faces.ts";
import { DEMO_EMAIL } from "./seed.ts";

describe("demo portraits", () => {
  it("draws the same picture for the same person and another for someone else, offline", async () => {
    const [first, again, other] = await Promise.all([
      drawDemoPortrait("Aisha Okafor"),
      drawDemoPortrait("Aisha Okafor"),
      drawDemoPortrait("Mateo García"),
    ]);
    expect(first.equals(again)).toBe(true);
    expect(first.equals(other)).toBe(false);
    const meta = await sharp(first).metadata();
    expect(meta).toMatchObject({ format: "png", width: 720, height: 720 });
  });
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), "kindred-seed-portraits-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const open = appsForFile();

describe("the demo seed on a first start", () => {
  it("gives every demo person a portrait stored like an upload, shown on the demo account's feed", async () => {
    const app = await open({ dataDir, seedDemo: true });
    const password = app.demoLogin?.password;
    const headers = await anonymousHeaders(app);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      headers,
      payload: { emailId: DEMO_EMAIL, password },
    });
    expect(login.statusCode).toBe(200);
    const me = login.json().data as Me;
    const session = {
      cookie: `${headers.cookie}; token=${cookieFrom(login, "token")}`,
      "x-xsrf-token": headers["x-xsrf-token"],
    };
    expect(me.photo).not.toBeNull();

    const feed = await app.inject({ method: "GET", url: "/api/feed?limit=50", headers: session });
    expect(feed.statusCode).toBe(200);
    const cards = feed.json().data as Me[];
    expect(cards.length).toBeGreaterThanOrEqual(30);
    for (const card of cards) {
      expect(card.photo, card.firstName).not.toBeNull();
      expect(card.photoUrl).toBe(card.photo?.card);
    }

    // The files are in DATA_DIR/photos and served from this server.
    const stored = new Set(readdirSync(path.join(dataDir, "photos")));
    for (const card of [me, ...cards]) {
      for (const url of Object.values(card.photo ?? {})) {
        expect(stored.has(path.basename(url)), url).toBe(true);
      }
    }
    const image = await app.inject({ method: "GET", url: cards[0]?.photo?.thumb ?? "" });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");

    // Deterministic: the portrait is the one drawn from the person's name.
    const aisha = cards.find((card) => card.firstName === "Aisha");
    const expected = await processPhoto(await drawDemoPortrait("Aisha Okafor"));
    expect(aisha?.photo?.card).toContain(expected.key);
  }, 120_000);
});
