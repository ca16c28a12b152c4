import type { LookupAddress } from "node:dns";
import { Resolver as DnsResolver } from "node:dns/promises";
import { isIP } from "node:net";

/**
 * Addresses a client gives us and the server then calls (push endpoints, pasted photo addresses)
 * could make the server reach its own network (SSRF). These checks say whether an address is on
 * the public internet, and `pinnedLookup` makes a connection go only to the addresses checked, with
 * no second DNS resolution in between (DNS rebinding).
 */

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4Bytes(dotted[1]);
    if (!v4) return null;
    tail.push(...v4);
    // "::ffff:1.2.3.4" keeps "::ffff", "::1.2.3.4" keeps "::".
    text = text.slice(0, dotted.index + 1);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(":").filter(Boolean) : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const wanted = 8 - tail.length / 2;
  const missing = wanted - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(missing).fill("0"), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return [...bytes, ...tail];
}

/** True for an IPv4 address on the public internet. */
function isPublicIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  if (a === 0) return false; // "this network", unspecified
  if (a === 10) return false; // private
  if (a === 100 && b >= 64 && b <= 127) return false; // CGNAT
  if (a === 127) return false; // loopback
  if (a === 169 && b === 254) return false; // link-local
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF, documentation
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  if (a === 198 && b === 51 && c === 100) return false; // documentation
  if (a === 203 && b === 0 && c === 113) return false; // documentation
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

/** The IPv4 address an IPv6 address carries to reach it, by the forms that route by it. */
function embeddedIpv4s(bytes: number[]): number[][] {
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes;
  // 64:ff9b::/96, NAT64's well-known prefix: the last 32 bits.
  if (b0 === 0 && b1 === 0x64 && b2 === 0xff && b3 === 0x9b) return [bytes.slice(12)];
  // 2002::/16, 6to4: the 32 bits after the prefix.
  if (b0 === 0x20 && b1 === 0x02) return [bytes.slice(2, 6)];
  // 2001::/32, Teredo: the server in bits 32-63, the client in the last 32 bits inverted.
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0 && b3 === 0) {
    return [bytes.slice(4, 8), bytes.slice(12).map((byte) => byte ^ 0xff)];
  }
  return [];
}

/** True for an address (either family) on the public internet; false for anything else. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) {
    const bytes = ipv4Bytes(bare);
    return bytes !== null && isPublicIpv4(bytes);
  }
  if (family !== 6) return false;
  const bytes = ipv6Bytes(bare);
  if (bytes?.length !== 16) return false;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0] = bytes;
  const prefixZero = (n: number) => bytes.slice(0, n).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (mapped): the IPv4 rules decide.
  if (prefixZero(10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return isPublicIpv4(bytes.slice(12));
  }
  // NAT64, 6to4 and Teredo reach the IPv4 address inside: a private one makes the whole private.
  const embedded = embeddedIpv4s(bytes);
  if (embedded.some((v4) => !isPublicIpv4(v4))) return false;
  if (b0 === 0 && b1 === 0x64 && b2 === 0xff && b3 === 0x9b) {
    // The well-known /96 only; 64:ff9b:1::/48 is for a network's own translators (RFC 8215).
    return bytes.slice(4, 12).every((byte) => byte === 0);
  }
  // Everything outside 2000::/3 is reserved or local: ::/128, ::1, ::a.b.c.d (IPv4-compatible,
  // deprecated), ::ffff:0:a.b.c.d (translated), 100::/64 (discard), link-local fe80::/10,
  // unique-local fc00::/7, multicast ff00::/8.
  if ((b0 & 0xe0) !== 0x20) return false;
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0x0d && b3 === 0xb8) return false; // documentation
  if (b0 === 0x3f && b1 === 0xff && (b2 & 0xf0) === 0) return false; // documentation, 3fff::/20
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0 && b3 === 2 && b4 === 0 && b5 === 0) {
    return false; // benchmarking, 2001:2::/48
  }
  return true;
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** How long one name's lookup may take before it counts as unreachable. */
export const DNS_TIMEOUT_MS = 2_000;

/**
 * Resolves a client's host name to every address it has (A and AAAA), asking the DNS servers
 * directly, with a time limit:
 * - not through dns.lookup: that runs in libuv's pool of four threads, which password hashing and
 *   file reads share; a few names whose servers never answer (5 s each, retried) would hold every
 *   thread and stall sign-ins for everyone;
 * - an IP literal is its own address, and `localhost` names (RFC 6761) are loopback, without a
 *   query; an unknown name, or none answering in time, rejects.
 */
export function dnsResolver(options: { servers?: string[]; timeoutMs?: number } = {}): Resolver {
  const timeoutMs = options.timeoutMs ?? DNS_TIMEOUT_MS;
  const dns = new DnsResolver({ timeout: timeoutMs, tries: 1 });
  if (options.servers) dns.setServers(options.servers);
  return async (hostname) => {
    const family = isIP(hostname);
    if (family !== 0) return [{ address: hostname, family }];
    const name = hostname.toLowerCase().replace(/\.$/, "");
    if (name === "localhost" || name.endsWith(".localhost")) {
      return [
        { address: "127.0.0.1", family: 4 },
        { address: "::1", family: 6 },
      ];
    }
    const [v4, v6] = await Promise.allSettled([dns.resolve4(name), dns.resolve6(name)]);
    const addresses: LookupAddress[] = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 })) : []),
    ];
    if (addresses.length === 0) throw new Error(`${name} has no address`);
    return addresses;
  };
}

export const systemResolver: Resolver = dnsResolver();

/** The host as dns.lookup wants it: an IPv6 literal without its brackets. */
export function lookupHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

/**
 * A lookup that answers only the addresses the guard already checked: the connection goes where
 * the check said it may, with no second resolution in between (DNS rebinding).
 */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (...args: unknown[]) => void,
  ) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else callback(null, first?.address, first?.family);
  };
}
