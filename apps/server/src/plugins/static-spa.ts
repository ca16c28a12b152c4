import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { canonicalPath, namesApiPath } from "./api-route.ts";
import { HttpError } from "./errors.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html") || accept.includes("*/*") || accept === "";
}

const missingBuildPage = (dir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kindred is not built yet</title></head>
<body><h1>Kindred: the web app is not built yet</h1>
<p>The server is running, but it found no built web app in <code>${dir.replace(/[<>&]/g, "")}</code>.</p>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
</body></html>`;

/**
 * Serves the built web app: fingerprinted assets cached for a year, index.html revalidated every
 * time so a new deploy is picked up, and every client route answered with index.html.
 * Unknown /api paths stay JSON 404s.
 */
export const staticSpaPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDistDir;
    const built = existsSync(path.join(root, "index.html"));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: ["index.html"],
        // The build writes a .br and a .gz beside each text asset; they are sent as they are.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const relative = path.relative(root, filePath).split(path.sep).join("/");
          reply.header("cache-control", relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
        },
      });
    } else {
      app.log.warn({ webDistDir: root }, "web app not built: serving a notice instead");
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      // No route matched, so the address is judged in every spelling (/%61pi/x, //api/x, /x/../api/x).
      if (namesApiPath(request.url)) {
        // The address is not echoed back: it is whatever the client chose to send.
        throw new HttpError(404, "NOT_FOUND", "There is no API endpoint at this address.");
      }
      if (!wantsHtml(request) || path.extname(canonicalPath(request.url)) !== "") {
        throw new HttpError(404, "NOT_FOUND", "Not found.");
      }
      if (!built) {
        return reply
          .code(503)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(missingBuildPage(root));
      }
      reply.header("cache-control", REVALIDATE);
      return reply.sendFile("index.html");
    });
  },
  { name: "static-spa" },
);
