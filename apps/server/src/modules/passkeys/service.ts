import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MAX_PER_ACCOUNT,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyLoginBody,
  type PasskeyRegistrationBody,
} from "@kindred/shared";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { HttpError } from "../../plugins/errors.ts";
import { describeDevice } from "../sessions/device.ts";
import type { UserRow } from "../users/user-view.ts";
import * as repository from "./repository.ts";

/** The options as JSON for the browser (`@simplewebauthn/browser` reads them). */
type WebAuthnOptions = { challenge: string } & Record<string, unknown>;

const RP_NAME = "Kindred";
const CHALLENGE_MS = PASSKEY_CHALLENGE_SECONDS * 1000;

/** The relying party: PUBLIC_ORIGIN's host is the passkeys' scope, its origin the only one. */
function relyingParty(app: FastifyInstance): { rpID: string; origin: string } {
  const origin = app.config.publicOrigin;
  return { rpID: new URL(origin).hostname, origin };
}

export function toPasskey(row: repository.PasskeyRow): Passkey {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The challenge the browser signed, read from its client data; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === "string" && challenge.length <= 100 ? challenge : null;
  } catch {
    return null;
  }
}

const failed = () => new HttpError(400, "PASSKEY_FAILED", PASSKEY_MESSAGES.failed);
const expired = () => new HttpError(400, "PASSKEY_EXPIRED", PASSKEY_MESSAGES.expired);

/** Registration options for the signed-in person, who already gave the password. */
export async function registrationOptions(
  app: FastifyInstance,
  user: UserRow,
): Promise<WebAuthnOptions> {
  const existing = await repository.listPasskeys(app.db, user.id);
  if (existing.length >= PASSKEY_MAX_PER_ACCOUNT) {
    throw new HttpError(400, "TOO_MANY_PASSKEYS", PASSKEY_MESSAGES.tooMany);
  }
  const { rpID } = relyingParty(app);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" "),
    // The account's id is the user handle the authenticator keeps: nothing else is in it.
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports,
    })),
    // Discoverable, so the login page can offer it without an email.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: CHALLENGE_MS,
  });
  const now = app.now();
  await repository.saveChallenge(
    app.db,
    {
      challenge: options.challenge,
      purpose: "register",
      userId: user.id,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    },
    now,
  );
  return { ...options };
}

/** Checks the browser's attestation against the person's open challenge and keeps the passkey. */
export async function register(
  app: FastifyInstance,
  user: UserRow,
  body: PasskeyRegistrationBody,
  userAgent: string | undefined,
): Promise<repository.PasskeyRow> {
  const challenge = challengeOf(body.response.clientDataJSON);
  if (!challenge) throw failed();
  if (!(await repository.takeChallenge(app.db, challenge, "register", user.id, app.now()))) {
    throw expired();
  }
  const { rpID, origin } = relyingParty(app);
  const { name, ...response } = body;
  const verification = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw failed();
  const { credential } = verification.registrationInfo;
  if ((await repository.countPasskeys(app.db, user.id)) >= PASSKEY_MAX_PER_ACCOUNT) {
    throw new HttpError(400, "TOO_MANY_PASSKEYS", PASSKEY_MESSAGES.tooMany);
  }
  const saved = await repository.insertPasskey(app.db, {
    userId: user.id,
    credentialId: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: name ?? defaultName(userAgent),
  });
  if (!saved) throw new HttpError(409, "PASSKEY_EXISTS", PASSKEY_MESSAGES.failed);
  return saved;
}

/** "Chrome on macOS", from the browser that made it; "Passkey" when it does not say. */
function defaultName(userAgent: string | undefined): string {
  const { browser, os } = describeDevice(userAgent);
  const browserName = browser?.replace(/\s+\d+$/, "");
  if (browserName && os) return `${browserName} on ${os}`.slice(0, 60);
  return browserName ?? os ?? "Passkey";
}

/** Sign-in options: no account named, so any passkey of this site the browser holds will do. */
export async function loginOptions(app: FastifyInstance): Promise<WebAuthnOptions> {
  const { rpID } = relyingParty(app);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "preferred",
    timeout: CHALLENGE_MS,
  });
  const now = app.now();
  await repository.saveChallenge(
    app.db,
    {
      challenge: options.challenge,
      purpose: "login",
      userId: null,
      expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    },
    now,
  );
  return { ...options };
}

/**
 * Checks a sign-in assertion: the open challenge, the passkey it names, the signature and the
 * counter. The person's id, or an HttpError (401 for a passkey no account has).
 */
export async function authenticate(app: FastifyInstance, body: PasskeyLoginBody): Promise<string> {
  const challenge = challengeOf(body.response.clientDataJSON);
  if (!challenge) throw failed();
  if (!(await repository.takeChallenge(app.db, challenge, "login", null, app.now()))) {
    throw expired();
  }
  const passkey = await repository.findByCredentialId(app.db, body.id);
  if (!passkey) throw new HttpError(401, "UNKNOWN_PASSKEY", PASSKEY_MESSAGES.unknown);
  const { rpID, origin } = relyingParty(app);
  const verification = await verifyAuthenticationResponse({
    response: body as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) throw new HttpError(401, "PASSKEY_FAILED", PASSKEY_MESSAGES.failed);
  const used = await repository.markUsed(
    app.db,
    passkey.id,
    passkey.counter,
    verification.authenticationInfo.newCounter,
    app.now(),
  );
  if (!used) throw new HttpError(401, "PASSKEY_FAILED", PASSKEY_MESSAGES.failed);
  return passkey.userId;
}

export async function listFor(db: Database, userId: string): Promise<Passkey[]> {
  return (await repository.listPasskeys(db, userId)).map(toPasskey);
}

export async function rename(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const row = await repository.renamePasskey(db, userId, id, name);
  if (!row) throw new HttpError(404, "NOT_FOUND", PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

export async function remove(db: Database, userId: string, id: string): Promise<void> {
  if (!(await repository.deletePasskey(db, userId, id))) {
    throw new HttpError(404, "NOT_FOUND", PASSKEY_MESSAGES.notFound);
  }
}

export const passkeysPersonalData: PersonalDataPart = {
  module: "passkeys",
  tables: ["passkeys", "passkey_challenges"],
  exportFor: async (db, { userId }) => ({
    passkeys: (await repository.listPasskeys(db, userId)).map(
      ({ name, createdAt, lastUsedAt }) => ({
        name,
        createdAt: createdAt.toISOString(),
        lastUsedAt: lastUsedAt?.toISOString() ?? null,
      }),
    ),
  }),
  deleteFor: (tx, userId) => repository.deleteAllFor(tx, userId),
};
