import { createHmac, randomInt } from "node:crypto";
import {
  ALTCHA_TTL_MINUTES,
  BOT_CHECK_CODE,
  BOT_CHECK_MESSAGES,
  HONEYPOT_FIELD,
} from "@kindred/shared";
import { type Challenge, createChallenge, type Payload, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type BotCheckSettings, type Config, DEFAULT_BOT_CHECK } from "../../config.ts";
import { loadCommunitySecret } from "../../lib/server-secret.ts";
import { HttpError } from "../../plugins/errors.ts";
import { purgeExpiredSolutions, spendSolution } from "./repository.ts";

/** SHA-256 once per try: the work is in the number of tries (the counter), not in each hash. */
const ALGORITHM = "SHA-256";
/** A uint32 counter: the highest work a challenge can ask for. */
const MAX_COUNTER = 2 ** 32 - 1;

export function botCheckSettings(config: Config): BotCheckSettings {
  return config.botCheck ?? DEFAULT_BOT_CHECK;
}

type Secrets = { signature: string; keySignature: string };
const secretsOfConfig = new WeakMap<Config, Secrets>();

/**
 * ALTCHA_HMAC_KEY, else a key derived from the server's own secret (so every process of one
 * deployment agrees without another setting). Two keys: one signs the challenge, one its answer.
 */
function secretsFor(config: Config): Secrets {
  let secrets = secretsOfConfig.get(config);
  if (!secrets) {
    const base = botCheckSettings(config).hmacKey ?? Buffer.from(loadCommunitySecret(config));
    const derive = (purpose: string) => createHmac("sha256", base).update(purpose).digest("hex");
    secrets = {
      signature: derive("altcha-challenge"),
      keySignature: derive("altcha-key"),
    };
    secretsOfConfig.set(config, secrets);
  }
  return secrets;
}

/**
 * A fresh challenge. The server picks the answer (a counter up to ALTCHA_MAX_NUMBER) and signs
 * its key, so checking a solution costs one HMAC, whatever the work asked of the browser.
 */
export async function createBotChallenge(config: Config): Promise<Challenge> {
  const secrets = secretsFor(config);
  const max = Math.min(Math.max(botCheckSettings(config).maxNumber, 2), MAX_COUNTER);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.ceil(max / 2), max + 1),
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
    expiresAt: new Date(Date.now() + ALTCHA_TTL_MINUTES * 60_000),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: z.string().max(256),
        salt: z.string().max(256),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string().max(256),
        keySignature: z.string().max(256).optional(),
        expiresAt: z.number(),
      })
      .loose(),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }).loose(),
});

function refuse(message: string): never {
  throw new HttpError(400, BOT_CHECK_CODE, message, [{ path: "altcha", message }]);
}

function decodePayload(text: string): Payload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? (parsed.data as Payload) : null;
  } catch {
    return null;
  }
}

/** A solution that passed its check, not yet used. */
export type CheckedSolution = { signature: string; expiresAt: Date };

/**
 * Checks the widget's payload: present, signed by us, unexpired and solved. 400 BOT_CHECK with a
 * sentence otherwise. It is not spent yet: the caller spends it once the rest of the form holds,
 * so a person told their password is weak can send the form again with the same solution.
 */
export async function checkBotSolution(
  config: Config,
  payload: string | undefined,
): Promise<CheckedSolution> {
  if (!payload) refuse(BOT_CHECK_MESSAGES.missing);
  const decoded = decodePayload(payload);
  if (!decoded) refuse(BOT_CHECK_MESSAGES.failed);
  const secrets = secretsFor(config);
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  if (result.expired) refuse(BOT_CHECK_MESSAGES.expired);
  if (!result.verified) refuse(BOT_CHECK_MESSAGES.failed);
  const expiresAt = new Date((decoded.challenge.parameters.expiresAt ?? 0) * 1000);
  return { signature: decoded.challenge.signature ?? "", expiresAt };
}

/** Uses a checked solution up, in the database (so across processes); 400 BOT_CHECK when it already was. */
export async function spendBotSolution(app: FastifyInstance, solution: CheckedSolution) {
  const fresh = await spendSolution(app.db, solution.signature, solution.expiresAt);
  // Spent solutions are only kept until they expire; sweeping on each use keeps the table small.
  await purgeExpiredSolutions(app.db, new Date());
  if (!fresh) refuse(BOT_CHECK_MESSAGES.reused);
}

/** Checks and spends the payload in one go, for forms with nothing else to check first. */
export async function passBotCheck(app: FastifyInstance, payload: string | undefined) {
  await spendBotSolution(app, await checkBotSolution(app.config, payload));
}

/** True when a bot filled the hidden `website` field. */
export function isHoneypotFilled(body: { [HONEYPOT_FIELD]?: string | undefined }): boolean {
  const value = body[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** Sign-up refuses a filled honeypot in the bot check's words (nothing is created). */
export function refuseFilledHoneypot(body: { [HONEYPOT_FIELD]?: string | undefined }): void {
  if (isHoneypotFilled(body)) refuse(BOT_CHECK_MESSAGES.honeypot);
}
