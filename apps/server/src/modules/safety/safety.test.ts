import { type Card, FEED_MAX_LIMIT } from "@kindred/shared";
import { describe, expect, it } from "vitest";
import {
  appForFile,
  call,
  connectedPair,
  readOutbox,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";

const app = await appForFile();

async function ids(user: Session, url: string): Promise<string[]> {
  const response = await call(app, user, "GET", url);
  expect(response.statusCode).toBe(200);
  return (response.json().data as Card[]).map((card) => card._id);
}

async function feedIds(user: Session): Promise<string[]> {
  return ids(user, `/api/feed?limit=${FEED_MAX_LIMIT}`);
}

async function publicProfile(viewer: Session, of: Session) {
  const shared = await call(app, of, "GET", "/api/generate_public_url");
  const publicId = String(shared.json().data.url).split("/").pop();
  return call(app, viewer, "GET", `/api/get_public_profile/${publicId}`);
}

async function relationship(viewer: Session, of: Session): Promise<string> {
  const response = await publicProfile(viewer, of);
  expect(response.statusCode).toBe(200);
  return response.json().data.relationship;
}

const outbox = () => readOutbox(app);

describe("DELETE /api/user/connections/:userId", () => {
  it("removes the connection for both, whoever asks, and the conversation with it (kept out of reach: chat/kept.test.ts)", async () => {
    const [a, b] = await connectedPair(app);
    const sent = await call(app, a, "POST", `/api/chat/${b.me._id}/messages`, { text: "hello" });
    expect(sent.statusCode).toBe(201);

    const removed = await call(app, b, "DELETE", `/api/user/connections/${a.me._id}`);
    expect(removed.statusCode).toBe(200);
    expect(await ids(a, "/api/user/connections")).not.toContain(b.me._id);
    expect(await ids(b, "/api/user/connections")).not.toContain(a.me._id);
    const history = await call(app, a, "GET", `/api/chat/${b.me._id}/messages`);
    expect(history.statusCode).toBe(403);
    const conversations = await call(app, a, "GET", "/api/chat/conversations");
    expect(conversations.json().data).toEqual([]);
  });

  it("answers 404 when the two are not connected", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    expect((await call(app, a, "DELETE", `/api/user/connections/${b.me._id}`)).statusCode).toBe(
      404,
    );
    expect((await call(app, a, "DELETE", "/api/user/connections/not-a-uuid")).statusCode).toBe(404);
  });
});

describe("blocking", () => {
  it("hides the two from each other everywhere, in both directions", async () => {
    const [a, b] = await connectedPair(app);
    expect(await feedIds(a)).not.toContain(b.me._id); // connected people are not in the feed
    const blocked = await call(app, a, "POST", `/api/user/block/${b.me._id}`);
    expect(blocked.statusCode).toBe(201);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(await ids(viewer, "/api/user/connections")).not.toContain(other.me._id);
      expect(await feedIds(viewer)).not.toContain(other.me._id);
      // Their public profile is not found, as if the link named no one (public-profile.test.ts).
      expect((await publicProfile(viewer, other)).statusCode).toBe(404);
      const chat = await call(app, viewer, "POST", `/api/chat/${other.me._id}/messages`, {
        text: "hi",
      });
      expect(chat.statusCode).toBe(403);
      const request = await call(
        app,
        viewer,
        "POST",
        `/api/request/send/interested/${other.me._id}`,
      );
      expect(request.statusCode).toBe(404);
    }
    expect(await ids(a, "/api/user/blocked")).toEqual([b.me._id]);
    expect(await ids(b, "/api/user/blocked")).toEqual([]);
  });

  it("removes a pending request between the two from the received list", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    await call(app, b, "POST", `/api/request/send/interested/${a.me._id}`);
    const before = await call(app, a, "GET", "/api/user/requests/received");
    expect(before.json().data).toHaveLength(1);
    expect((await call(app, a, "POST", `/api/user/block/${b.me._id}`)).statusCode).toBe(201);
    const after = await call(app, a, "GET", "/api/user/requests/received");
    expect(after.json().data).toEqual([]);
  });

  it("shows strangers again in the feed once the block is lifted", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    expect(await feedIds(a)).toContain(b.me._id);
    expect((await call(app, b, "POST", `/api/user/block/${a.me._id}`)).statusCode).toBe(201);
    expect((await call(app, b, "POST", `/api/user/block/${a.me._id}`)).statusCode).toBe(201);
    expect(await feedIds(a)).not.toContain(b.me._id);
    // Only the one who blocked can lift it.
    expect((await call(app, a, "DELETE", `/api/user/block/${b.me._id}`)).statusCode).toBe(404);
    expect((await call(app, b, "DELETE", `/api/user/block/${a.me._id}`)).statusCode).toBe(200);
    expect(await feedIds(a)).toContain(b.me._id);
    expect(await relationship(a, b)).toBe("none");
  });

  it("refuses to block oneself or an unknown user", async () => {
    const a = await signUpUser(app);
    expect((await call(app, a, "POST", `/api/user/block/${a.me._id}`)).statusCode).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(app, a, "POST", `/api/user/block/${unknown}`)).statusCode).toBe(404);
    expect((await call(app, a, "POST", "/api/user/block/nobody")).statusCode).toBe(404);
  });
});

describe("POST /api/user/report/:userId", () => {
  it("stores the report and mails it to SUPPORT_EMAIL, the details as text", async () => {
    const a = await signUpUser(app, { firstName: "Reporter" });
    const b = await signUpUser(app, { firstName: "Spammer" });
    const response = await call(app, a, "POST", `/api/user/report/${b.me._id}`, {
      reason: "spam",
      details: "Sends <b>links</b> all day",
    });
    expect(response.statusCode).toBe(201);
    const mails = (await outbox()).filter((mail) => mail.subject.includes("Spammer"));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe("support@kindred.test");
    expect(mail?.text).toContain("Sends <b>links</b> all day");
    expect(mail?.text).toContain(a.me.emailId);
    expect(mail?.html).toContain("Sends &lt;b&gt;links&lt;/b&gt; all day");
  });

  it("refuses a bad reason, oneself and an unknown user", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    const bad = await call(app, a, "POST", `/api/user/report/${b.me._id}`, { reason: "boring" });
    expect(bad.statusCode).toBe(400);
    const long = await call(app, a, "POST", `/api/user/report/${b.me._id}`, {
      reason: "other",
      details: "x".repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    const self = await call(app, a, "POST", `/api/user/report/${a.me._id}`, { reason: "spam" });
    expect(self.statusCode).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await call(app, a, "POST", `/api/user/report/${unknown}`, { reason: "spam" });
    expect(missing.statusCode).toBe(404);
  });

  it("answers 409 to a second report of the same person while the first is open", async () => {
    const a = await signUpUser(app);
    const b = await signUpUser(app);
    expect(
      (await call(app, a, "POST", `/api/user/report/${b.me._id}`, { reason: "fake" })).statusCode,
    ).toBe(201);
    expect(
      (await call(app, a, "POST", `/api/user/report/${b.me._id}`, { reason: "spam" })).statusCode,
    ).toBe(409);
  });

  it("limits how many reports one person files", async () => {
    const a = await signUpUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const b = await signUpUser(app);
      const response = await call(app, a, "POST", `/api/user/report/${b.me._id}`, {
        reason: "fake",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
