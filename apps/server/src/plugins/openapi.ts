import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Kindred API",
          description: "Meet people who share your skills.",
          version: "1.0.0",
        },
        servers: [{ url: app.config.publicOrigin }],
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: "token" },
            xsrf: { type: "apiKey", in: "header", name: "X-XSRF-TOKEN" },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
