import { createHash } from "node:crypto";
import { notionists } from "@dicebear/collection";
import { createAvatar } from "@dicebear/core";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { attachProcessedPhoto, processPhoto } from "../modules/photos/service.ts";
import type { SeededPerson } from "./seed.ts";

/**
 * Portraits for the demo people, drawn offline at seed time: DiceBear's "Notionists" style by
 * Zoish, whose design is CC0 1.0 (public domain; node_modules/@dicebear/notionists/LICENSE), so
 * the pictures may be stored and shown without attribution. Each is a PNG that the photo pipeline
 * then stores like an upload.
 */

/** Soft backgrounds that keep the black line drawings readable in both themes. */
const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c1f0d0", "f6e7b4"];

/** The drawing's side in pixels: the card size (480 wide) and a sharper large one. */
const SIDE = 720;

function pick<T>(items: readonly T[], seed: string): T {
  const byte = createHash("sha256").update(seed).digest()[0] ?? 0;
  return items[byte % items.length] as T;
}

/**
 * The same person always gets the same portrait (the seed is their name): a square drawing, which
 * the card's frame crops at its sides like any upload and the round thumbnail shows whole.
 */
export async function drawDemoPortrait(seed: string): Promise<Buffer> {
  const background = pick(BACKGROUNDS, seed);
  const svg = createAvatar(notionists, {
    seed,
    size: SIDE,
    backgroundColor: [background],
    backgroundType: ["solid"],
  }).toString();
  // Fast compression: the PNG only carries the pixels to the pipeline, which re-encodes them.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** Portraits drawn and processed at once (sharp works on its own threads meanwhile). */
const BATCH = 4;

/**
 * Gives each newly seeded demo person a portrait, stored like an upload (three WebP sizes, served
 * from /api/photos/). A portrait that fails leaves that person with the generated avatar.
 */
export async function giveDemoFaces(app: FastifyInstance, people: SeededPerson[]): Promise<void> {
  const started = Date.now();
  let given = 0;
  for (let at = 0; at < people.length; at += BATCH) {
    const batch = people.slice(at, at + BATCH);
    const made = await Promise.all(
      batch.map((person) =>
        drawDemoPortrait(`${person.firstName} ${person.lastName}`)
          .then((png) => processPhoto(png))
          .catch((error: unknown) => {
            app.log.warn({ err: error, userId: person.id }, "a demo portrait could not be made");
            return null;
          }),
      ),
    );
    // One at a time: each is a transaction that locks the person and the photo row.
    for (const [index, processed] of made.entries()) {
      const person = batch[index];
      if (!processed || !person) continue;
      await attachProcessedPhoto(app, person.id, processed);
      given += 1;
    }
  }
  app.log.info({ people: given, ms: Date.now() - started }, "demo people have portraits");
}
