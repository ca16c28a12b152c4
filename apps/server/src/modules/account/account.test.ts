import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import {
  ACCOUNT_MESSAGES,
  CHAT_CLOSE_UNAUTHENTICATED,
  CHAT_MESSAGES,
  DELETED_ACCOUNT_NAME,
  DELETED_ACCOUNT_PHOTO,
} from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  type AuthHeaders,
  anonymousHeaders,
  appForFile,
  call,
  connectedPair,
  continueAs,
  PASSWORD,
  readOutbox,
  type Session,
  sendMessage,
  sendRequest,
  signUpUser,
  tryLogIn,
} from "../../../test/helpers.ts";
import { pushSubscriptions, studyGroups } from "../../db/schema.ts";

const app: FastifyInstance = await appForFile({
  communityCreatePerMember: { max: 1000, windowMs: 60_000 },
});
await app.listen({ port: 0, host: "127.0.0.1" });

type ClientSocket = {
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  on(event: "message", listener: (data: Buffer) => void): void;
};
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;

/** Opens a chat socket with the session's cookie; resolves once open, with its close code to come. */
async function openChatSocket(headers: AuthHeaders): Promise<{ closed: Promise<number> }> {
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
    headers: { origin: app.config.publicOrigin, cookie: headers.cookie },
  });
  const closed = new Promise<number>((resolve) => socket.on("close", resolve));
  // The server registers the socket before it answers: the first frame (unread counts) says so.
  await new Promise<void>((resolve, reject) => {
    socket.on("message", () => resolve());
    socket.on("error", reject);
  });
  return { closed };
}

function within<T>(promise: Promise<T>, ms = 3000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);
}

function profileStatus(headers: AuthHeaders) {
  return call(app, headers, "GET", "/api/profile/view").then((response) => response.statusCode);
}

/** Two connected people who wrote to each other. */
async function pairWhoWrote(
  aName: string,
  bName: string,
  aSkills?: string[],
): Promise<[Session, Session]> {
  const [a, b] = await connectedPair(app, [
    { firstName: aName, ...(aSkills ? { skills: aSkills } : {}) },
    bName,
  ]);
  await sendMessage(app, a, b, `hello from ${aName}`);
  await sendMessage(app, b, a, `hello from ${bName}`);
  return [a, b];
}

/** Bad bodies and the field the 400 names. */
const badBodies = (field: string, other: Record<string, unknown>): [unknown, string][] => [
  [{ ...other }, field],
  [{ ...other, [field]: "" }, field],
  [{ ...other, [field]: 12345678 }, field],
  [{ ...other, [field]: null }, field],
  [{ ...other, [field]: "pass\0word!" }, field],
  [{ ...other, [field]: "x".repeat(10_000) }, field],
  [{ ...other, [field]: PASSWORD, extra: 1 }, "extra"],
];

describe("PUT /api/account/password", () => {
  it("changes the password, ends every other session and its socket, keeps this one, mails", async () => {
    const user = await signUpUser(app, { firstName: "Cleo" });
    const other = await tryLogIn(app, user.me.emailId);
    if (!other) throw new Error("second login failed");
    const socket = await openChatSocket(other);
    const community = await continueAs(app, other);

    const response = await call(app, user.headers, "PUT", "/api/account/password", {
      currentPassword: PASSWORD,
      password: "a brand new secret",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: ACCOUNT_MESSAGES.passwordChanged });

    expect(await within(socket.closed)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(user.headers)).toBe(200);
    expect(await tryLogIn(app, user.me.emailId)).toBeUndefined();
    expect(await tryLogIn(app, user.me.emailId, { password: "a brand new secret" })).toBeDefined();
    const post = await app.inject({
      method: "POST",
      url: "/api/community/fusionpublish",
      headers: { authorization: `Bearer ${community.token}` },
      payload: { title: "t", content: "c" },
    });
    expect(post.statusCode).toBe(401);
    const mails = (await readOutbox(app)).filter((mail) => mail.to === user.me.emailId);
    expect(mails.map((mail) => mail.subject)).toContain("Your Kindred password was changed");
  });

  it("tells an Arabic-speaking person of the new password in Arabic", async () => {
    const user = await signUpUser(app, { firstName: "Layla" });
    const set = await call(app, user, "PUT", "/api/account/settings", { locale: "ar" });
    expect(set.statusCode).toBe(200);
    const response = await call(app, user.headers, "PUT", "/api/account/password", {
      currentPassword: PASSWORD,
      password: "a brand new secret",
    });
    expect(response.statusCode, response.body).toBe(200);
    const notice = (await readOutbox(app)).filter((mail) => mail.to === user.me.emailId).at(-1);
    expect(notice?.subject).toBe("تغيّرت كلمة مرورك على Kindred");
    expect(notice?.text).toContain("مرحبًا Layla،");
    expect(notice?.text).toContain(
      `إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا من ${app.config.publicOrigin}/forget-password واكتب إلى ${app.config.supportEmail}.`,
    );
    expect(notice?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("refuses a wrong current password with 401 and changes nothing", async () => {
    const user = await signUpUser(app);
    const other = await tryLogIn(app, user.me.emailId);
    if (!other) throw new Error("second login failed");
    const response = await call(app, user.headers, "PUT", "/api/account/password", {
      currentPassword: "not my password",
      password: "a brand new secret",
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      status: 0,
      code: "WRONG_PASSWORD",
      message: ACCOUNT_MESSAGES.wrongCurrentPassword,
    });
    expect(await profileStatus(other)).toBe(200);
    expect(await tryLogIn(app, user.me.emailId)).toBeDefined();
  });

  it("answers 400 with the field for every bad body, and 401 without a session", async () => {
    const user = await signUpUser(app);
    const cases = [
      ...badBodies("currentPassword", { password: "a brand new secret" }),
      ...badBodies("password", { currentPassword: PASSWORD }),
      [{ currentPassword: PASSWORD, password: "short" }, "password"] as [unknown, string],
    ];
    for (const [payload, field] of cases) {
      const response = await call(app, user.headers, "PUT", "/api/account/password", payload);
      const label = JSON.stringify(payload).slice(0, 80);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
      expect(response.json().errors[0].path, label).toBe(field);
    }
    for (const payload of ["not json", "[]"]) {
      const response = await app.inject({
        method: "PUT",
        url: "/api/account/password",
        headers: { ...user.headers, "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().status).toBe(0);
    }
    expect(await tryLogIn(app, user.me.emailId)).toBeDefined();
    const anonymous = await call(app, await anonymousHeaders(app), "PUT", "/api/account/password", {
      currentPassword: PASSWORD,
      password: "a brand new secret",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/account/export", () => {
  it("holds every section of the person's data and no other person's email", async () => {
    const [me, friend] = await pairWhoWrote("Dana", "Finn");
    const sentTo = await signUpUser(app, { firstName: "Gus" });
    const from = await signUpUser(app, { firstName: "Hal" });
    const blocked = await signUpUser(app, { firstName: "Ivy" });
    const reported = await signUpUser(app, { firstName: "Jon" });
    await sendRequest(app, me, "interested", sentTo);
    await sendRequest(app, from, "interested", me);
    expect(
      (await call(app, me.headers, "POST", `/api/user/block/${blocked.me._id}`, {})).statusCode,
    ).toBe(201);
    const report = await call(app, me.headers, "POST", `/api/user/report/${reported.me._id}`, {
      reason: "spam",
      details: "Sends links",
    });
    expect(report.statusCode).toBe(201);
    const settings = await call(app, me.headers, "PUT", "/api/notifications/settings", {
      message: { email: false },
    });
    expect(settings.statusCode).toBe(200);
    const { token, memberId } = await continueAs(app, me.headers);
    const auth = { authorization: `Bearer ${token}` };
    const post = await app.inject({
      method: "POST",
      url: "/api/community/fusionpublish",
      headers: auth,
      payload: { title: "My post", content: "Post body" },
    });
    expect(post.statusCode, post.body).toBe(201);
    const event = await app.inject({
      method: "POST",
      url: "/api/community/createevent",
      headers: auth,
      payload: {
        u_id: memberId,
        title: "My event",
        description: "Event body",
        date: "2099-05-17T16:00:00.000Z",
        location: "Library",
      },
    });
    expect(event.statusCode, event.body).toBe(201);
    // A full event of someone else's: Dana waits first in line.
    const host = await continueAs(app, friend.headers);
    const full = await app.inject({
      method: "POST",
      url: "/api/community/createevent",
      headers: { authorization: `Bearer ${host.token}` },
      payload: {
        u_id: host.memberId,
        title: "Finn's full event",
        description: "One place",
        date: "2099-06-01T10:00:00.000+02:00",
        location: "Park",
        capacity: 1,
      },
    });
    expect(full.statusCode, full.body).toBe(201);
    const rsvp = await app.inject({
      method: "PUT",
      url: `/api/community/event/${full.json().data._id}/rsvp`,
      headers: auth,
      payload: { status: "going" },
    });
    expect(rsvp.json().data).toMatchObject({ myRsvp: "waitlisted", myPosition: 1 });
    await app.db.insert(studyGroups).values({
      authorId: memberId,
      name: "My group",
      description: "Group body",
      tag: (await import("@kindred/shared")).GROUP_TAGS[0],
    });
    await app.db.insert(pushSubscriptions).values({
      userId: me.me._id,
      endpoint: "https://push.example.net/send/secret-path",
      p256dh: "secret-p256dh-key",
      auth: "secret-auth-key",
    });

    const response = await call(app, me.headers, "GET", "/api/account/export");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="kindred-data-${day}.json"`,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({
      _id: me.me._id,
      emailId: me.me.emailId,
      firstName: "Dana",
      skills: me.me.skills,
    });
    expect(data.profile.photoUrl).toBeTruthy();
    expect(data.requestsSent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          status: "interested",
          to: expect.objectContaining({ _id: sentTo.me._id, firstName: "Gus" }),
        }),
        expect.objectContaining({
          status: "accepted",
          to: expect.objectContaining({ _id: friend.me._id }),
        }),
      ]),
    );
    expect(data.requestsReceived).toEqual([
      expect.objectContaining({
        status: "interested",
        from: expect.objectContaining({ _id: from.me._id, firstName: "Hal" }),
      }),
    ]);
    expect(data.connections).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ _id: friend.me._id, firstName: "Finn" }),
      }),
    ]);
    expect(data.messages).toEqual([
      expect.objectContaining({
        direction: "sent",
        text: "hello from Dana",
        with: expect.objectContaining({ _id: friend.me._id }),
      }),
      expect.objectContaining({
        direction: "received",
        text: "hello from Finn",
        with: expect.objectContaining({ _id: friend.me._id }),
      }),
    ]);
    expect(data.community.member._id).toBe(memberId);
    expect(data.community.posts).toEqual([
      expect.objectContaining({ title: "My post", content: "Post body" }),
    ]);
    expect(data.community.groups).toEqual([expect.objectContaining({ name: "My group" })]);
    expect(data.community.events).toEqual([
      expect.objectContaining({ title: "My event", location: "Library" }),
    ]);
    expect(data.eventRsvps).toEqual([
      expect.objectContaining({ eventTitle: "My event", status: "going", waitlistPosition: null }),
      expect.objectContaining({
        eventTitle: "Finn's full event",
        status: "waitlisted",
        waitlistPosition: 1,
      }),
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(
      data.notifications.flatMap((n: { actors: { _id: string }[] }) => n.actors.map((a) => a._id)),
    ).toContain(friend.me._id);
    expect(data.notificationSettings.message).toEqual({ push: true, email: false });
    expect(data.pushDevices).toEqual([
      expect.objectContaining({ endpointOrigin: "https://push.example.net" }),
    ]);
    expect(data.reports).toEqual([
      expect.objectContaining({
        reason: "spam",
        details: "Sends links",
        about: expect.objectContaining({ _id: reported.me._id }),
      }),
    ]);
    expect(data.blocks).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ _id: blocked.me._id }) }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);

    for (const other of [friend, sentTo, from, blocked, reported]) {
      expect(response.body).not.toContain(other.me.emailId);
    }
    for (const secret of [
      "secret-path",
      "secret-p256dh-key",
      "secret-auth-key",
      "argon2",
      "idHash",
      "id_hash",
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it("needs a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/account/export" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 0, code: "UNAUTHENTICATED" });
  });
});

describe("DELETE /api/account", () => {
  it("refuses a wrong password with 401 and a missing or bad one with 400; nothing changes", async () => {
    const user = await signUpUser(app);
    const wrong = await call(app, user.headers, "DELETE", "/api/account", {
      password: "not mine at all",
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      status: 0,
      code: "WRONG_PASSWORD",
      message: ACCOUNT_MESSAGES.wrongPassword,
    });
    for (const [payload, field] of badBodies("password", {})) {
      const response = await call(app, user.headers, "DELETE", "/api/account", payload);
      const label = JSON.stringify(payload).slice(0, 80);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
      expect(response.json().errors[0].path, label).toBe(field);
    }
    const empty = await app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: user.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().status).toBe(0);
    expect(await profileStatus(user.headers)).toBe(200);
    expect(await tryLogIn(app, user.me.emailId)).toBeDefined();
  });

  it("deletes the person: gone from every list of everyone, sessions and sockets end, the email is free", async () => {
    const tag = `Rare${Date.now().toString(36)}`;
    const [gone, friend] = await pairWhoWrote("Kai", "Lea", [tag, "chess", "go"]);
    const admirer = await signUpUser(app, { firstName: "Mo" });
    const stranger = await signUpUser(app, { firstName: "Ned", skills: [tag, "x", "y"] });
    await sendRequest(app, gone, "interested", admirer);
    const exported = (await call(app, gone.headers, "GET", "/api/account/export")).json();
    const publicId = exported.profile.publicId as string;
    const community = await continueAs(app, gone.headers);
    const post = await app.inject({
      method: "POST",
      url: "/api/community/fusionpublish",
      headers: { authorization: `Bearer ${community.token}` },
      payload: { title: "Kai's post", content: "soon gone" },
    });
    expect(post.statusCode).toBe(201);
    const feedBefore = await call(app, stranger.headers, "GET", "/api/feed");
    expect(feedBefore.body).toContain(gone.me._id);
    const matchingUrl = `/api/matching?interest=${encodeURIComponent(tag)}`;
    expect((await call(app, stranger.headers, "GET", matchingUrl)).body).toContain(gone.me._id);
    expect((await call(app, admirer.headers, "GET", "/api/user/requests/received")).body).toContain(
      gone.me._id,
    );
    const unreadBefore = (
      await call(app, friend.headers, "GET", "/api/notifications/unread")
    ).json().data;
    const goneSocket = await openChatSocket(gone.headers);
    const friendSocket = await openChatSocket(friend.headers);
    void friendSocket;

    const response = await call(app, gone.headers, "DELETE", "/api/account", {
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: ACCOUNT_MESSAGES.deleted });

    expect(await within(goneSocket.closed)).toBe(CHAT_CLOSE_UNAUTHENTICATED);
    expect(await profileStatus(gone.headers)).toBe(401);
    expect(await tryLogIn(app, gone.me.emailId)).toBeUndefined();

    for (const [viewer, url] of [
      [stranger, "/api/feed"],
      [admirer, "/api/user/requests/received"],
      [stranger, matchingUrl],
      [friend, "/api/user/connections"],
      [friend, "/api/chat/conversations"],
      [friend, "/api/notifications"],
    ] as const) {
      const list = await call(app, viewer.headers, "GET", url);
      expect(list.statusCode, url).toBe(200);
      expect(list.body, url).not.toContain(gone.me._id);
    }
    const messages = await call(app, friend.headers, "GET", `/api/chat/${gone.me._id}/messages`);
    expect(messages.statusCode).toBeGreaterThanOrEqual(400);
    expect(messages.statusCode).toBeLessThan(500);
    const unreadAfter = (await call(app, friend.headers, "GET", "/api/notifications/unread")).json()
      .data;
    expect(JSON.stringify(unreadAfter)).not.toBe(JSON.stringify(unreadBefore));
    const profile = await app.inject({ method: "GET", url: `/api/get_public_profile/${publicId}` });
    expect(profile.statusCode).toBe(404);
    const posts = await app.inject({
      method: "GET",
      url: "/api/community/getposts",
      headers: { authorization: `Bearer ${community.token}` },
    });
    expect(posts.body).not.toContain("Kai's post");

    const again = await signUpUser(app, { emailId: gone.me.emailId, firstName: "Kai" });
    expect(again.me._id).not.toBe(gone.me._id);
    expect(await profileStatus(again.headers)).toBe(200);
  });

  it("keeps the conversation for the other person, from Deleted account, read-only, theirs to delete", async () => {
    const [gone, friend] = await pairWhoWrote("Uma", "Vic");
    const before = (await call(app, friend.headers, "GET", "/api/chat/conversations")).json().data;
    const conversationCount = before.length;

    expect(
      (await call(app, gone.headers, "DELETE", "/api/account", { password: PASSWORD })).statusCode,
    ).toBe(200);

    const list = await call(app, friend.headers, "GET", "/api/chat/conversations");
    expect(list.body).not.toContain(gone.me._id);
    expect(list.body).not.toContain("Uma");
    const conversations = list.json().data as {
      user: {
        _id: string;
        firstName: string;
        lastName: string;
        photoUrl: string;
        accountDeleted?: boolean;
      };
      lastMessage: { text: string; fromUserId: string } | null;
      unread: number;
      online: boolean;
    }[];
    expect(conversations).toHaveLength(conversationCount);
    const [kept] = conversations;
    expect(kept?.user).toMatchObject({
      firstName: DELETED_ACCOUNT_NAME,
      lastName: "",
      photoUrl: DELETED_ACCOUNT_PHOTO,
      accountDeleted: true,
    });
    expect(kept).toMatchObject({
      lastMessage: { text: "hello from Vic" },
      unread: 0,
      online: false,
    });
    const archiveId = kept?.user._id as string;

    const history = await call(app, friend.headers, "GET", `/api/chat/${archiveId}/messages`);
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(gone.me._id);
    expect(
      (history.json().data.messages as { text: string; fromUserId: string }[]).map((m) => [
        m.text,
        m.fromUserId === friend.me._id ? "me" : m.fromUserId === archiveId ? "them" : "?",
      ]),
    ).toEqual([
      ["hello from Uma", "them"],
      ["hello from Vic", "me"],
    ]);
    const reply = await call(app, friend.headers, "POST", `/api/chat/${archiveId}/messages`, {
      text: "hi?",
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject({
      code: "ACCOUNT_DELETED",
      message: CHAT_MESSAGES.accountDeleted,
    });
    const lastId = history.json().data.messages[1]._id as string;
    const read = await call(app, friend.headers, "POST", `/api/chat/${archiveId}/read`, {
      messageId: lastId,
    });
    expect(read.json().data).toEqual({ unread: 0 });

    // Nobody else reads it, or deletes it.
    const stranger = await signUpUser(app, { firstName: "Wes" });
    expect(
      (await call(app, stranger.headers, "GET", `/api/chat/${archiveId}/messages`)).statusCode,
    ).toBe(403);
    expect(
      (await call(app, stranger.headers, "DELETE", `/api/user/connections/${archiveId}`))
        .statusCode,
    ).toBe(404);

    // The friend's export holds the kept messages, named after no one.
    const exported = (await call(app, friend.headers, "GET", "/api/account/export")).json();
    expect(exported.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          text: "hello from Uma",
          direction: "received",
          with: { _id: archiveId, firstName: DELETED_ACCOUNT_NAME, lastName: "" },
        }),
      ]),
    );

    const removed = await call(app, friend.headers, "DELETE", `/api/user/connections/${archiveId}`);
    expect(removed.json()).toMatchObject({ status: 1, message: CHAT_MESSAGES.conversationDeleted });
    expect(
      (await call(app, friend.headers, "GET", "/api/chat/conversations")).json().data,
    ).toHaveLength(conversationCount - 1);
    expect(
      (await call(app, friend.headers, "GET", `/api/chat/${archiveId}/messages`)).statusCode,
    ).toBe(403);
  });
});
