import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Helmet with a Content-Security-Policy the built web app satisfies: every script and stylesheet
 * comes from this origin. Style attributes are allowed because animation libraries set them;
 * they cannot run script. Images come from this origin only (photos are stored here, a pasted
 * photo address is copied by the server), so no page can load a tracking pixel or reach an address
 * on the viewer's own network through an image; data: and blob: are for the crop preview.
 * Helmet's middleware is made once and sets its headers on every response (decision 135); a route
 * that sends a stricter policy of its own (a photo, an avatar) sets it on its reply, which wins.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const https = app.config.publicOrigin.startsWith("https:");
    const headers = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Nothing needs cross-origin isolation (no SharedArrayBuffer); require-corp would only add risk.
      crossOriginEmbedderPolicy: false,
      // HSTS on a plain-http origin would only confuse browsers that later meet it over https.
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    });
    app.addHook("onRequest", (request, reply, done) => {
      headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: "security" },
);
