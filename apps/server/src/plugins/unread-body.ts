import type { IncomingMessage } from "node:http";
import { PHOTO_MAX_BYTES } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The most of an unread body thrown away to keep its connection: the largest body a route takes
 * (a photo) with room for the form around it. A body declared larger is not waited for.
 */
export const DRAIN_LIMIT_BYTES = PHOTO_MAX_BYTES + 1024 * 1024;

function declaredLength(raw: IncomingMessage): number | undefined {
  const header = raw.headers["content-length"];
  return header === undefined ? undefined : Number(header);
}

/** Reads the rest of the body and drops it; past the limit the connection is cut. */
function discardRest(raw: IncomingMessage): void {
  // Whatever was reading it (a multipart parser left holding a part) has given up.
  raw.unpipe();
  raw.removeAllListeners("data");
  let discarded = 0;
  raw.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

/**
 * An answer sent before the request's body has fully arrived (a refused upload: a bad crop or an
 * unknown field before the file, a file over the limit) would leave the rest of the body on the
 * connection: Node drains a body nobody touched, but not one a parser began and abandoned, so the
 * next request on that keep-alive connection (behind a proxy, someone else's) waited for the
 * request timeout. The rest is read and dropped, so the connection serves its next request as
 * soon as the body is in; a body declared larger than anything a route takes gets
 * `Connection: close` instead. Decided here for every route, after whatever answered.
 */
export const unreadBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onSend", async (request, reply, payload) => {
      const raw = request.raw;
      // `complete` is false while the body is still arriving (undefined for app.inject's request).
      if (raw.complete !== false || raw.destroyed) return payload;
      const length = declaredLength(raw);
      if (length === undefined && raw.headers["transfer-encoding"] === undefined) return payload;
      if (length !== undefined && !(length <= DRAIN_LIMIT_BYTES)) {
        reply.header("connection", "close");
      } else {
        discardRest(raw);
      }
      return payload;
    });
  },
  { name: "unread-body" },
);
