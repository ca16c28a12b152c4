import type { LookupAddress } from "node:dns";
import { NOTIFICATION_MESSAGES } from "@kindred/shared";
import {
  isPublicAddress,
  lookupHost,
  type Resolver,
  systemResolver,
} from "../../lib/public-address.ts";

/**
 * Push endpoints are addresses a client gives us and the server then calls: without a guard, a
 * subscription could make the server POST to its own network (SSRF). Only https on public
 * addresses is allowed, checked on every address the name resolves to, at subscription and again
 * at every send (DNS can change between the two).
 */

export type { Resolver };

export type EndpointCheck =
  | { ok: true; url: URL; addresses: LookupAddress[] }
  | { ok: false; message: string };

/**
 * Whether the server may send to this endpoint: https, and every address of its host public.
 * `allowPrivate` (PUSH_ALLOW_PRIVATE_ENDPOINTS, local testing) lets http and private addresses by.
 */
export async function checkEndpoint(
  endpoint: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<EndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: NOTIFICATION_MESSAGES.badEndpoint };
  }
  const httpAllowed = allowPrivate && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpAllowed) {
    return { ok: false, message: NOTIFICATION_MESSAGES.endpointNotHttps };
  }
  if (url.username || url.password)
    return { ok: false, message: NOTIFICATION_MESSAGES.badEndpoint };
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(lookupHost(url));
  } catch {
    return { ok: false, message: NOTIFICATION_MESSAGES.endpointNotPublic };
  }
  if (addresses.length === 0)
    return { ok: false, message: NOTIFICATION_MESSAGES.endpointNotPublic };
  if (!allowPrivate && !addresses.every((entry) => isPublicAddress(entry.address))) {
    return { ok: false, message: NOTIFICATION_MESSAGES.endpointNotPublic };
  }
  return { ok: true, url, addresses };
}
