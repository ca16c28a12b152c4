import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import {
  PHOTO_ADDRESS_ERROR_CODES,
  PHOTO_ADDRESS_MAX_REDIRECTS,
  PHOTO_ADDRESS_MESSAGES,
  PHOTO_MAX_BYTES,
} from "@kindred/shared";
import {
  isPublicAddress,
  lookupHost,
  pinnedLookup,
  type Resolver,
  systemResolver,
} from "../../lib/public-address.ts";
import { HttpError } from "../../plugins/errors.ts";

/** A pasted photo must have arrived, redirects included, within this. */
export const PHOTO_FETCH_TIMEOUT_MS = 10_000;

export type FetchRemoteOptions = {
  /** Whether http: is fetched too (local testing only); https: always is. */
  allowHttp: boolean;
  /** Which resolved addresses may be reached: the public internet unless testing locally. */
  isAllowedAddress: (address: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolver;
};

/**
 * The fetch policy of the PHOTO_FETCH_ALLOW_PRIVATE_ADDRESSES setting: off, https to public
 * addresses only; on (local testing), http and private addresses too.
 */
export function remotePhotoPolicy(
  allowPrivate: boolean,
): Pick<FetchRemoteOptions, "allowHttp" | "isAllowedAddress"> {
  return { allowHttp: allowPrivate, isAllowedAddress: allowPrivate ? () => true : isPublicAddress };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function unreachable(message: string): HttpError {
  return new HttpError(400, PHOTO_ADDRESS_ERROR_CODES.unreachable, message);
}

function notAnImage(message: string): HttpError {
  return new HttpError(400, PHOTO_ADDRESS_ERROR_CODES.notAnImage, message);
}

/** The URL and its checked addresses, or the failure a person is told. */
async function checkAddress(
  address: string | URL,
  options: FetchRemoteOptions,
): Promise<{ url: URL; addresses: LookupAddress[] }> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw unreachable(PHOTO_ADDRESS_MESSAGES.unreachable);
  }
  const httpAllowed = options.allowHttp && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpAllowed) throw unreachable(PHOTO_ADDRESS_MESSAGES.notHttps);
  if (url.username || url.password) throw unreachable(PHOTO_ADDRESS_MESSAGES.unreachable);
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(lookupHost(url));
  } catch {
    throw unreachable(PHOTO_ADDRESS_MESSAGES.unreachable);
  }
  if (addresses.length === 0) throw unreachable(PHOTO_ADDRESS_MESSAGES.unreachable);
  if (!addresses.every((entry) => options.isAllowedAddress(entry.address))) {
    throw unreachable(PHOTO_ADDRESS_MESSAGES.notPublic);
  }
  return { url, addresses };
}

type Hop = { kind: "redirect"; location: string } | { kind: "body"; bytes: Buffer };

/** One GET on a checked address, the connection pinned to it; the body read up to maxBytes. */
function getOnce(
  url: URL,
  addresses: LookupAddress[],
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = transport.get(
      url,
      {
        headers: { accept: "image/*", "user-agent": "Kindred photo import" },
        lookup: pinnedLookup(addresses) as never,
        agent: false,
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          response.destroy();
          resolve({ kind: "redirect", location });
          return;
        }
        if (status < 200 || status > 299) {
          reject(unreachable(PHOTO_ADDRESS_MESSAGES.badStatus));
          response.destroy();
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes) {
          reject(notAnImage(PHOTO_ADDRESS_MESSAGES.tooLarge));
          response.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            // Stop reading at the limit: the rest is never downloaded.
            reject(notAnImage(PHOTO_ADDRESS_MESSAGES.tooLarge));
            response.destroy();
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "body", bytes: Buffer.concat(chunks) }));
        response.on("error", reject);
        response.on("aborted", () => reject(unreachable(PHOTO_ADDRESS_MESSAGES.unreachable)));
      },
    );
    request.on("error", reject);
  });
}

/**
 * Fetches the picture at a pasted address for the server to store as an upload: https only, every
 * hop's host resolved and checked to be on the public internet (redirects too, at most
 * PHOTO_ADDRESS_MAX_REDIRECTS), the connection pinned to the checked addresses, the whole fetch
 * within timeoutMs and the body cut off past maxBytes. Whether the bytes are an image is for the
 * photo pipeline to say. Throws an HttpError 400 PHOTO_UNREACHABLE or PHOTO_NOT_AN_IMAGE.
 */
export async function fetchRemotePhoto(
  address: string,
  options: FetchRemoteOptions,
): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? PHOTO_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? PHOTO_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? PHOTO_ADDRESS_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let next: string | URL = address;
    for (let redirects = 0; ; redirects += 1) {
      const { url, addresses } = await checkAddress(next, options);
      if (controller.signal.aborted) throw unreachable(PHOTO_ADDRESS_MESSAGES.timeout);
      const hop = await getOnce(url, addresses, maxBytes, controller.signal);
      if (hop.kind === "body") return hop.bytes;
      if (redirects >= maxRedirects) throw unreachable(PHOTO_ADDRESS_MESSAGES.tooManyRedirects);
      next = new URL(hop.location, url);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (controller.signal.aborted) throw unreachable(PHOTO_ADDRESS_MESSAGES.timeout);
    throw unreachable(PHOTO_ADDRESS_MESSAGES.unreachable);
  } finally {
    clearTimeout(timer);
  }
}
