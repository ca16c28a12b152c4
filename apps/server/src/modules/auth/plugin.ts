import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../users/user-view.ts";
import { noteSignIn } from "./sign-in-notice.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * After a sign-in completed anywhere (password, two-step code): the new-device mail. A
     * decorator, so the modules that finish a sign-in need not import this one.
     */
    noteSignIn(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<void>;
  }
}

export const signInNoticePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("noteSignIn", (request: FastifyRequest, reply: FastifyReply, user: UserRow) =>
      noteSignIn(app, request, reply, user),
    );
  },
  { name: "sign-in-notice" },
);
