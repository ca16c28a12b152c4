import { PHOTO_ADDRESS_MESSAGES } from "@kindred/shared";
import { describe, expect, it } from "vitest";
import { localSiteForFile } from "../../../test/helpers.ts";
import { HttpError } from "../../plugins/errors.ts";
import { type FetchRemoteOptions, fetchRemotePhoto, remotePhotoPolicy } from "./fetch-remote.ts";

/** A local web server whose handler each test chooses by path; it counts the connections it got. */
const { routes, counts, port, base } = await localSiteForFile();

const PNG_BYTES = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

/**
 * The local test server counts as "the public internet" here: only 127.0.0.1 may be reached, so
 * every other loopback, private or link-local address is refused as it would be in production.
 */
const onlyTheTestServer: FetchRemoteOptions = {
  allowHttp: true,
  isAllowedAddress: (address) => address === "127.0.0.1",
};

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => new Error("the fetch succeeded"),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw error;
  expect(error.statusCode).toBe(400);
  return { code: error.code, message: error.message };
}

describe("fetching a pasted photo address", () => {
  it("refuses loopback, private and link-local addresses without connecting", async () => {
    const policy = remotePhotoPolicy(false);
    const before = counts.connections;
    for (const address of [
      `https://127.0.0.1:${port}/face.png`,
      "https://10.1.2.3/face.png",
      "https://192.168.1.1/face.png",
      "https://169.254.169.254/latest/meta-data/",
      `https://[::1]:${port}/face.png`,
      "https://[::ffff:127.0.0.1]/face.png",
      `https://localhost:${port}/face.png`,
    ]) {
      expect(await failure(fetchRemotePhoto(address, policy)), address).toEqual({
        code: "PHOTO_UNREACHABLE",
        message: PHOTO_ADDRESS_MESSAGES.notPublic,
      });
    }
    expect(counts.connections).toBe(before);
  });

  it("refuses a plain-http address unless private addresses are allowed for local testing", async () => {
    routes.set("/face.png", (_request, response) => response.end(PNG_BYTES));
    expect(await failure(fetchRemotePhoto(`${base}/face.png`, remotePhotoPolicy(false)))).toEqual({
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.notHttps,
    });
    const bytes = await fetchRemotePhoto(`${base}/face.png`, remotePhotoPolicy(true));
    expect(bytes.equals(PNG_BYTES)).toBe(true);
  });

  it("refuses a name that resolves to a private address, whatever the name", async () => {
    const resolve = async () => [{ address: "10.0.0.7", family: 4 }];
    expect(
      await failure(
        fetchRemotePhoto("https://photos.example/face.png", {
          ...remotePhotoPolicy(false),
          resolve,
        }),
      ),
    ).toEqual({ code: "PHOTO_UNREACHABLE", message: PHOTO_ADDRESS_MESSAGES.notPublic });
  });

  it("connects only to the address it checked (no second DNS answer)", async () => {
    routes.set("/pinned.png", (request, response) => response.end(request.headers.host));
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const bytes = await fetchRemotePhoto(`http://photos.example:${port}/pinned.png`, {
      ...onlyTheTestServer,
      resolve,
    });
    expect(bytes.toString()).toBe(`photos.example:${port}`);
    expect(lookups).toBe(1);
  });

  it("follows a redirect to an allowed address and re-checks every hop", async () => {
    routes.set("/moved", (_request, response) =>
      response.writeHead(302, { location: "/face.png" }).end(),
    );
    routes.set("/face.png", (_request, response) => response.end(PNG_BYTES));
    const bytes = await fetchRemotePhoto(`${base}/moved`, onlyTheTestServer);
    expect(bytes.equals(PNG_BYTES)).toBe(true);
  });

  it("refuses a redirect to a private or link-local address", async () => {
    for (const target of [
      "http://10.0.0.1/face.png",
      "http://169.254.169.254/latest/meta-data/",
      `http://127.0.0.2:${port}/face.png`,
      `http://[::1]:${port}/face.png`,
    ]) {
      routes.set("/to-private", (_request, response) =>
        response.writeHead(301, { location: target }).end(),
      );
      const before = counts.connections;
      expect(
        await failure(fetchRemotePhoto(`${base}/to-private`, onlyTheTestServer)),
        target,
      ).toEqual({ code: "PHOTO_UNREACHABLE", message: PHOTO_ADDRESS_MESSAGES.notPublic });
      // The first hop only: the redirect's target was never contacted.
      expect(counts.connections - before).toBe(1);
    }
  });

  it("follows at most three redirects", async () => {
    routes.set("/hop", (request, response) => {
      const left = Number(new URL(request.url ?? "", base).searchParams.get("left"));
      if (left === 0) response.end(PNG_BYTES);
      else response.writeHead(307, { location: `/hop?left=${left - 1}` }).end();
    });
    const three = await fetchRemotePhoto(`${base}/hop?left=3`, onlyTheTestServer);
    expect(three.equals(PNG_BYTES)).toBe(true);
    expect(await failure(fetchRemotePhoto(`${base}/hop?left=4`, onlyTheTestServer))).toEqual({
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.tooManyRedirects,
    });
  });

  it("says so when the site answers with an error status", async () => {
    expect(await failure(fetchRemotePhoto(`${base}/missing.png`, onlyTheTestServer))).toEqual({
      code: "PHOTO_UNREACHABLE",
      message: PHOTO_ADDRESS_MESSAGES.badStatus,
    });
  });

  it("refuses a body declared larger than the limit without reading it", async () => {
    routes.set("/declared-big", (_request, response) => {
      response.writeHead(200, { "content-length": "2000" });
      response.write(Buffer.alloc(100));
    });
    expect(
      await failure(
        fetchRemotePhoto(`${base}/declared-big`, { ...onlyTheTestServer, maxBytes: 1000 }),
      ),
    ).toEqual({ code: "PHOTO_NOT_AN_IMAGE", message: PHOTO_ADDRESS_MESSAGES.tooLarge });
  });

  it("stops reading an undeclared body as soon as it passes the limit", async () => {
    let written = 0;
    let closed: () => void = () => {};
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    routes.set("/endless", (_request, response) => {
      response.writeHead(200, { "content-type": "image/png" });
      const timer = setInterval(() => {
        written += 512;
        response.write(Buffer.alloc(512));
      }, 5);
      response.on("close", () => {
        clearInterval(timer);
        closed();
      });
    });
    expect(
      await failure(fetchRemotePhoto(`${base}/endless`, { ...onlyTheTestServer, maxBytes: 4096 })),
    ).toEqual({ code: "PHOTO_NOT_AN_IMAGE", message: PHOTO_ADDRESS_MESSAGES.tooLarge });
    await serverSawClose;
    expect(written).toBeLessThan(64 * 1024);
  });

  it("gives up on a site that does not answer within the time limit", async () => {
    routes.set("/silent", () => {});
    routes.set("/trickle", (_request, response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write(Buffer.alloc(1)), 50);
      response.on("close", () => clearInterval(timer));
    });
    for (const path of ["/silent", "/trickle"]) {
      const started = Date.now();
      expect(
        await failure(fetchRemotePhoto(`${base}${path}`, { ...onlyTheTestServer, timeoutMs: 300 })),
      ).toEqual({ code: "PHOTO_UNREACHABLE", message: PHOTO_ADDRESS_MESSAGES.timeout });
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it("refuses addresses it cannot read or reach", async () => {
    for (const address of [
      "not a url",
      "ftp://example.com/face.png",
      "https://user:pw@example.com/a.png",
    ]) {
      expect((await failure(fetchRemotePhoto(address, remotePhotoPolicy(false)))).code).toBe(
        "PHOTO_UNREACHABLE",
      );
    }
    const resolve = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(
      await failure(
        fetchRemotePhoto("https://no-such-host.example/a.png", {
          ...remotePhotoPolicy(false),
          resolve,
        }),
      ),
    ).toEqual({ code: "PHOTO_UNREACHABLE", message: PHOTO_ADDRESS_MESSAGES.unreachable });
  });
});
