import { scrypt } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsResolver, isPublicAddress } from "./public-address.ts";

/**
 * Two DNS servers on this machine, over UDP: one that answers (an A and an AAAA record for
 * `push.test`, nothing for any other name) and one that reads every question and never answers,
 * as a name whose servers are down does.
 */
let answering: Socket;
let silent: Socket;
let silentQuestions = 0;

function listen(socket: Socket): Promise<string> {
  return new Promise((resolve) =>
    socket.bind(0, "127.0.0.1", () => resolve(`127.0.0.1:${socket.address().port}`)),
  );
}

/** The question's name and type, read from a query (one question, no compression). */
function question(query: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (query[at] !== 0) {
    const length = query[at] ?? 0;
    labels.push(query.subarray(at + 1, at + 1 + length).toString("ascii"));
    at += 1 + length;
  }
  return { name: labels.join("."), type: query.readUInt16BE(at + 1), end: at + 5 };
}

function answer(query: Buffer): Buffer {
  const { name, type, end } = question(query);
  const known = name.toLowerCase() === "push.test";
  const data =
    type === 1
      ? Buffer.from([93, 184, 216, 34])
      : Buffer.from("26064700000000000000000000001111", "hex");
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(known ? 0x8180 : 0x8183, 2); // a response; NOERROR, or NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(known ? 1 : 0, 6);
  if (!known) return Buffer.concat([header, query.subarray(12, end)]);
  const record = Buffer.alloc(12);
  record.writeUInt16BE(0xc00c, 0); // the question's name
  record.writeUInt16BE(type, 2);
  record.writeUInt16BE(1, 4);
  record.writeUInt32BE(60, 6);
  record.writeUInt16BE(data.length, 10);
  return Buffer.concat([header, query.subarray(12, end), record, data]);
}

let answeringServer = "";
let silentServer = "";

beforeAll(async () => {
  answering = createSocket("udp4");
  answering.on("message", (query, from) => {
    answering.send(answer(query), from.port, from.address);
  });
  silent = createSocket("udp4");
  silent.on("message", () => {
    silentQuestions += 1;
  });
  [answeringServer, silentServer] = await Promise.all([listen(answering), listen(silent)]);
});

afterAll(() => {
  answering.close();
  silent.close();
});

describe("dnsResolver", () => {
  it("answers every address a name has, IPv4 and IPv6", async () => {
    const resolve = dnsResolver({ servers: [answeringServer] });
    expect(await resolve("push.test")).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700::1111", family: 6 },
    ]);
  });

  it("rejects a name that does not exist", async () => {
    const resolve = dnsResolver({ servers: [answeringServer] });
    await expect(resolve("nobody.test")).rejects.toThrow("nobody.test has no address");
  });

  it("answers an IP literal and localhost without asking a server", async () => {
    const before = silentQuestions;
    const resolve = dnsResolver({ servers: [silentServer], timeoutMs: 60_000 });
    expect(await resolve("8.8.8.8")).toEqual([{ address: "8.8.8.8", family: 4 }]);
    expect(await resolve("::1")).toEqual([{ address: "::1", family: 6 }]);
    expect(await resolve("LOCALHOST.")).toEqual([
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ]);
    expect(await resolve("api.localhost")).toHaveLength(2);
    expect(silentQuestions).toBe(before);
  });

  it("gives up on servers that never answer, without holding the threads sign-ins hash on", async () => {
    const resolve = dnsResolver({ servers: [silentServer], timeoutMs: 1_500 });
    // More hanging names than libuv has threads (4): through dns.lookup they would hold them all.
    const started = Date.now();
    const hanging = Array.from({ length: 8 }, (_, index) =>
      resolve(`down-${index}.test`).then(
        () => "answered",
        () => Date.now(),
      ),
    );
    // A password hash runs on those threads: it finishes while every name is still unanswered.
    const hashed = await new Promise<number>((done, fail) =>
      scrypt("a password", "a salt", 32, (error) => (error ? fail(error) : done(Date.now()))),
    );
    const settled = await Promise.all(hanging);
    for (const at of settled) {
      expect(typeof at).toBe("number");
      expect(hashed).toBeLessThan(at as number);
      expect((at as number) - started).toBeLessThan(10_000);
    }
    expect(silentQuestions).toBeGreaterThanOrEqual(8);
  });
});

describe("isPublicAddress, for IPv6 forms that carry an IPv4 address", () => {
  const cases: [form: string, privateOnes: string[], publicOnes: string[]][] = [
    [
      "IPv4-mapped ::ffff:0:0/96",
      ["::ffff:127.0.0.1", "::ffff:7f00:1", "[::ffff:10.0.0.1]", "::ffff:169.254.169.254"],
      ["::ffff:8.8.8.8", "::ffff:808:808"],
    ],
    [
      "IPv4-compatible ::/96 (deprecated: never public)",
      ["::127.0.0.1", "::7f00:1", "::10.0.0.1", "::8.8.8.8", "::", "::1"],
      [],
    ],
    [
      "IPv4-translated ::ffff:0:0:0/96 (never public)",
      ["::ffff:0:127.0.0.1", "::ffff:0:8.8.8.8"],
      [],
    ],
    [
      "NAT64 64:ff9b::/96",
      ["64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.0.1"],
      ["64:ff9b::8.8.8.8", "64:ff9b::808:808"],
    ],
    [
      "NAT64 local-use 64:ff9b:1::/48 (a network's own: never public)",
      ["64:ff9b:1::8.8.8.8", "64:ff9b:1:7f00:1::", "64:ff9b:1:a9fe:a9:fe00::"],
      [],
    ],
    [
      "6to4 2002::/16",
      ["2002:7f00:1::1", "2002:c0a8:10a::1", "2002:a9fe:a9fe::1", "2002:a00:1:1::5", "2002::1"],
      ["2002:808:808::1", "2002:5db8:d822:1::1"],
    ],
    [
      "Teredo 2001::/32 (server in bits 32-63, client inverted in the last 32)",
      [
        // A public server, the client 192.168.1.10, 127.0.0.1, 10.0.0.1, 169.254.169.254.
        "2001:0:4136:e378:8000:63bf:3f57:fef5",
        "2001:0:4136:e378:8000:63bf:80ff:fffe",
        "2001:0:4136:e378:8000:63bf:f5ff:fffe",
        "2001:0:4136:e378:8000:63bf:5601:5601",
        // A private server (10.0.0.1) with a public client (8.8.8.8).
        "2001:0:a00:1:8000:63bf:f7f7:f7f7",
      ],
      ["2001:0:4136:e378:8000:63bf:f7f7:f7f7"],
    ],
  ];

  it.each(cases)("%s", (_form, privateOnes, publicOnes) => {
    for (const address of privateOnes) expect(isPublicAddress(address), address).toBe(false);
    for (const address of publicOnes) expect(isPublicAddress(address), address).toBe(true);
  });

  it("keeps global unicast public and everything outside 2000::/3 or reserved in it private", () => {
    for (const address of ["2606:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "100::1",
      "fe80::1",
      "fd00::1",
      "ff02::1",
      "2001:db8::1",
      "3fff::1",
      "2001:2::1",
      "4000::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
