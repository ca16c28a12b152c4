/**
 * A passkey authenticator in software, for API tests: an ES256 key, "none" attestation, the
 * authenticator data and signatures of the WebAuthn specification. The browser tests use
 * Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array | string) =>
  isoBase64URL.fromBuffer(
    typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data),
  );
type Cbor = Parameters<typeof isoCBOR.encode>[0];

type Options = { challenge: string; user?: { id: string } };

export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  readonly credentialId = b64url(randomBytes(16));
  private counter = 0;
  private userHandle = "";

  constructor(private readonly origin: string) {}

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = sha256(new URL(this.origin).hostname);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  /** What `navigator.credentials.create` answers for these options. */
  create(options: Options, origin = this.origin) {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
      [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
    ]);
    const id = isoBase64URL.toBuffer(this.credentialId);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, isoCBOR.encode(cose as Cbor)]);
    // User present, user verified, attested credential data.
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData)],
      ]) as Cbor,
    );
    this.userHandle = options.user?.id ?? "";
    const clientData = { type: "webauthn.create", challenge: options.challenge, origin };
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(JSON.stringify(clientData)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** What `navigator.credentials.get` answers for these options, signed with the key. */
  get(options: Options, origin = this.origin) {
    this.counter += 1;
    const authData = this.authenticatorData(0x05);
    const clientDataJSON = JSON.stringify({
      type: "webauthn.get",
      challenge: options.challenge,
      origin,
    });
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
