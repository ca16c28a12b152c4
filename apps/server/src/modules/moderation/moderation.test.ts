import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { ModerationCase, ModerationCaseDetail } from "@kindred/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { callCommunity, joinAsAccount } from "../../../test/community-helpers.ts";
import {
  appsForFile,
  botCheck,
  call,
  connectedPair,
  continueAs,
  MANUAL_JOBS,
  mailsTo,
  multipart,
  PASSWORD,
  type Session,
  sendMessage,
  signUpUser,
  uniqueEmail,
} from "../../../test/helpers.ts";
import { waitFor } from "../../../test/push-service.ts";

// Reports keep their evidence; moderators act; the person is told and may appeal once.

const DAY = 24 * 60 * 60 * 1000;

/** The chat socket as a client opens it (the `ws` package has no types of its own here). */
type ClientSocket = {
  on(event: "open", listener: () => void): void;
  on(event: "close", listener: (code: number) => void): void;
  on(event: "error", listener: (error: Error) => void): void;
};
const WebSocketClient = createRequire(import.meta.url)("ws") as new (
  url: string,
  options: { headers: Record<string, string> },
) => ClientSocket;
const open = appsForFile();
let clock = Date.now();
const adminEmail = uniqueEmail();
const app = await open({
  now: () => new Date(clock),
  adminEmails: [adminEmail],
  jobs: MANUAL_JOBS,
});
const admin = await signUpUser(app, { emailId: adminEmail, firstName: "Ada", lastName: "Admin" });

async function moderator(name: string): Promise<Session> {
  const person = await signUpUser(app, { firstName: name, lastName: "Moderator" });
  const made = await call(app, admin, "PUT", `/api/moderation/roles/${person.me._id}`, {
    role: "moderator",
  });
  expect(made.statusCode).toBe(200);
  return person;
}

async function caseAbout(viewer: Session, subjectId: string): Promise<ModerationCase> {
  const cases = await call(app, viewer, "GET", "/api/moderation/cases?state=open&limit=50");
  expect(cases.statusCode).toBe(200);
  const found = (cases.json().data as ModerationCase[]).find((c) => c.subject._id === subjectId);
  if (!found) throw new Error(`no open case about ${subjectId}`);
  return found;
}

describe("a report keeps its evidence", () => {
  it("survives the connection's removal and both accounts' deletion", async () => {
    const [a, b] = await connectedPair(app);
    const message = await sendMessage(app, b, a, "Nobody wants you here, loser");
    const reported = await call(app, a, "POST", "/api/reports", {
      subject: { type: "message", _id: message._id },
      reason: "harassment",
      details: "Every day since Monday",
    });
    expect(reported.statusCode).toBe(201);
    const again = await call(app, a, "POST", "/api/reports", {
      subject: { type: "message", _id: message._id },
      reason: "harassment",
    });
    expect(again.statusCode).toBe(409);

    expect((await call(app, b, "DELETE", `/api/user/connections/${a.me._id}`)).statusCode).toBe(
      200,
    );
    for (const who of [a, b]) {
      const gone = await call(app, who, "DELETE", "/api/account", { password: PASSWORD });
      expect(gone.statusCode).toBe(200);
    }

    const kase = await caseAbout(admin, message._id);
    expect(kase.subject.type).toBe("message");
    expect(kase.snapshot.text).toBe("Nobody wants you here, loser");
    expect(kase.snapshot.person?.firstName).toBe(b.me.firstName);
    expect(kase.person).toBeNull();
    expect(kase.reports).toHaveLength(1);
    expect(kase.reports[0]?.reporter).toBeNull();
    expect(kase.reports[0]?.details).toBe("Every day since Monday");
    expect(kase.snapshot.messages.find((m) => m.reported)?.text).toBe(
      "Nobody wants you here, loser",
    );
    expect(JSON.stringify(kase.snapshot)).not.toContain(b.me.emailId);
  });

  it("carries an edited message's earlier texts, which deletion for both leaves in it alone", async () => {
    const [a, b] = await connectedPair(app);
    const message = await sendMessage(app, b, a, "You are worthless");
    const edited = await call(app, b, "PATCH", `/api/chat/messages/${message._id}`, {
      text: "Just kidding",
    });
    expect(edited.statusCode).toBe(200);
    const reported = await call(app, a, "POST", "/api/reports", {
      subject: { type: "message", _id: message._id },
      reason: "harassment",
    });
    expect(reported.statusCode).toBe(201);
    const removed = await call(app, b, "DELETE", `/api/chat/messages/${message._id}`);
    expect(removed.statusCode).toBe(200);

    const kase = await caseAbout(admin, message._id);
    expect(kase.snapshot.messages.find((m) => m.reported)).toMatchObject({
      text: "Just kidding",
      edits: [{ text: "You are worthless", editedAt: expect.any(String) }],
    });
    // Gone from the conversation: the snapshot is its only copy.
    const history = await call(app, a, "GET", `/api/chat/${b.me._id}/messages`);
    expect(JSON.stringify(history.json())).not.toContain("worthless");
    expect(JSON.stringify(history.json())).not.toContain("Just kidding");
  });

  it("lets a moderator open the photos of a reported conversation, and nobody else", async () => {
    const [a, b] = await connectedPair(app);
    const picture = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#aa3355" },
    })
      .jpeg()
      .toBuffer();
    const body = multipart([
      { name: "photo", filename: "look.jpg", type: "image/jpeg", data: picture },
    ]);
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/chat/photos",
      headers: { ...b.headers, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoId = uploaded.json().data._id as string;
    const sent = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, {
      text: "look",
      photos: [photoId],
    });
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json().data._id as string;
    const reported = await call(app, a, "POST", "/api/reports", {
      subject: { type: "message", _id: messageId },
      reason: "inappropriate",
    });
    expect(reported.statusCode).toBe(201);
    const kase = await caseAbout(admin, messageId);
    expect(kase.snapshot.messages.find((m) => m.reported)?.photos).toEqual([photoId]);

    const address = `/api/moderation/cases/${kase._id}/photos/${photoId}`;
    const seen = await call(app, await moderator("Mia"), "GET", address);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/webp");
    expect((await sharp(seen.rawPayload).metadata()).format).toBe("webp");
    // Not a moderator: 403; a photo the case does not hold: 404.
    expect((await call(app, a, "GET", address)).statusCode).toBe(403);
    const other = await call(
      app,
      admin,
      "GET",
      `/api/moderation/cases/${kase._id}/photos/${randomUUID()}`,
    );
    expect(other.statusCode).toBe(404);
  });

  it("a report from the blocked list 10 days after the block carries the conversation", async () => {
    const [a, b] = await connectedPair(app);
    await sendMessage(app, b, a, "I know where you live");
    await sendMessage(app, a, b, "Leave me alone");
    expect((await call(app, a, "POST", `/api/user/block/${b.me._id}`)).statusCode).toBe(201);
    clock += 10 * DAY;
    const filed = await call(app, a, "POST", "/api/reports", {
      subject: { type: "user", _id: b.me._id },
      reason: "harassment",
    });
    expect(filed.statusCode).toBe(201);
    const kase = await caseAbout(admin, b.me._id);
    clock -= 10 * DAY;
    expect(kase.snapshot.messages.map((m) => [m.from, m.text])).toEqual([
      ["person", "I know where you live"],
      ["other", "Leave me alone"],
    ]);
  });

  it("keeps the reported person's photo after their account and its files are gone", async () => {
    const reporter = await signUpUser(app);
    const person = await signUpUser(app, { firstName: "Pictured" });
    const boundary = "----kindredevidence";
    const png = await sharp({
      create: { width: 300, height: 400, channels: 3, background: "#2e86c1" },
    })
      .png()
      .toBuffer();
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...person.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(201);
    const photoUrl: string = uploaded.json().data.photo.thumb;
    await call(app, reporter, "POST", `/api/user/report/${person.me._id}`, { reason: "fake" });
    await call(app, person, "DELETE", "/api/account", { password: PASSWORD });
    expect((await app.inject({ method: "GET", url: photoUrl })).statusCode).toBe(404);

    const kase = (await call(app, admin, "GET", "/api/moderation/cases?limit=50"))
      .json()
      .data.find((c: ModerationCase) => c.snapshot.person?.firstName === "Pictured");
    const kept = String(kase.snapshot.person.photoUrl);
    expect(kept.startsWith("data:image/webp;base64,")).toBe(true);
    const bytes = Buffer.from(kept.slice(kept.indexOf(",") + 1), "base64");
    expect((await sharp(bytes).metadata()).format).toBe("webp");
  });

  it("answers 404 for what the reporter cannot see, 400 for oneself", async () => {
    const [a, b] = await connectedPair(app);
    const stranger = await signUpUser(app);
    const message = await sendMessage(app, b, a, "hello");
    const notMine = await call(app, stranger, "POST", "/api/reports", {
      subject: { type: "message", _id: message._id },
      reason: "spam",
    });
    expect(notMine.statusCode).toBe(404);
    const self = await call(app, a, "POST", "/api/reports", {
      subject: { type: "user", _id: a.me._id },
      reason: "spam",
    });
    expect(self.statusCode).toBe(400);
    const badType = await call(app, a, "POST", "/api/reports", {
      subject: { type: "planet", _id: b.me._id },
      reason: "spam",
    });
    expect(badType.statusCode).toBe(400);
  });

  it("shows the reporter the outcome without naming the action", async () => {
    const [a, b] = await connectedPair(app);
    const filed = await call(app, a, "POST", `/api/user/report/${b.me._id}`, { reason: "fake" });
    expect(filed.statusCode).toBe(201);
    let mine = (await call(app, a, "GET", "/api/reports/mine")).json().data;
    expect(mine[0]).toMatchObject({ state: "open", outcome: null, reason: "fake" });
    const kase = await caseAbout(admin, b.me._id);
    const acted = await call(app, admin, "POST", `/api/moderation/cases/${kase._id}/actions`, {
      action: "warn",
      reason: "Use your real name",
    });
    expect(acted.statusCode).toBe(201);
    mine = (await call(app, a, "GET", "/api/reports/mine")).json().data;
    expect(mine[0]).toMatchObject({ state: "reviewed", outcome: "action_taken" });
    expect(JSON.stringify(mine)).not.toContain("warn");
  });
});

describe("the queue's guards", () => {
  it("is not for members, and a moderator acts neither on their own case nor on an admin", async () => {
    const member = await signUpUser(app);
    expect((await call(app, member, "GET", "/api/moderation/cases")).statusCode).toBe(403);
    const mod = await moderator("Own");
    const reporter = await signUpUser(app);
    await call(app, reporter, "POST", `/api/user/report/${mod.me._id}`, { reason: "spam" });
    await call(app, reporter, "POST", `/api/user/report/${admin.me._id}`, { reason: "spam" });
    const own = await caseAbout(admin, mod.me._id);
    const onAdmin = await caseAbout(admin, admin.me._id);
    const selfAct = await call(app, mod, "POST", `/api/moderation/cases/${own._id}/actions`, {
      action: "dismiss",
      reason: "fine",
    });
    expect(selfAct.statusCode).toBe(403);
    const adminAct = await call(app, mod, "POST", `/api/moderation/cases/${onAdmin._id}/actions`, {
      action: "warn",
      reason: "no",
    });
    expect(adminAct.statusCode).toBe(403);
    const noDays = await call(app, admin, "POST", `/api/moderation/cases/${own._id}/actions`, {
      action: "suspend",
      reason: "x",
    });
    expect(noDays.statusCode).toBe(400);
  });
});

describe("suspension and appeal", () => {
  it("suspends, refuses writes with the notice, and a second moderator decides the appeal", async () => {
    const [a, b] = await connectedPair(app);
    const first = await moderator("First");
    const second = await moderator("Second");
    const message = await sendMessage(app, b, a, "Send me your address or else");
    await call(app, a, "POST", "/api/reports", {
      subject: { type: "message", _id: message._id },
      reason: "harassment",
    });
    const kase = await caseAbout(first, message._id);
    const suspended = await call(app, first, "POST", `/api/moderation/cases/${kase._id}/actions`, {
      action: "suspend",
      days: 7,
      reason: "Threats in chat",
    });
    expect(suspended.statusCode).toBe(201);

    const me = (await call(app, b, "GET", "/api/profile/view")).json();
    expect(me.moderation).toMatchObject({ state: "suspended", reason: "Threats in chat" });
    expect(Date.parse(me.moderation.until) - clock).toBeGreaterThan(6.9 * DAY);
    const send = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, { text: "hi" });
    expect(send.statusCode).toBe(403);
    expect(send.json().code).toBe("SUSPENDED");
    expect(send.json().message).toContain("Threats in chat");

    const appeal = await call(app, b, "POST", "/api/moderation/appeal", { text: "It was a joke" });
    expect(appeal.statusCode).toBe(201);
    const twice = await call(app, b, "POST", "/api/moderation/appeal", { text: "Please" });
    expect(twice.statusCode).toBe(409);
    const appeals = (await call(app, first, "GET", "/api/moderation/appeals")).json().data;
    const mine = appeals.find((x: { text: string }) => x.text === "It was a joke");
    expect(mine.canDecide).toBe(false);
    const byActor = await call(app, first, "POST", `/api/moderation/appeals/${mine._id}`, {
      decision: "overturn",
      reason: "mine",
    });
    expect(byActor.statusCode).toBe(403);
    const decided = await call(app, second, "POST", `/api/moderation/appeals/${mine._id}`, {
      decision: "uphold",
      reason: "Threats are never a joke",
    });
    expect(decided.statusCode).toBe(200);
    const after = (await call(app, b, "GET", "/api/profile/view")).json();
    expect(after.moderation.appeal).toEqual({ state: "upheld" });

    const audit = (await call(app, admin, "GET", "/api/moderation/audit?limit=100")).json().data;
    const about = audit.filter((entry: { caseId: string | null }) => entry.caseId === kase._id);
    // One clock moment in this test: the order of equal times is not asserted.
    expect(about.map((entry: { action: string }) => entry.action).sort()).toEqual([
      "appeal_upheld",
      "appealed",
      "suspend",
    ]);
    expect((await call(app, first, "GET", "/api/moderation/audit")).statusCode).toBe(403);

    clock += 8 * DAY;
    const later = await call(app, b, "POST", `/api/chat/${a.me._id}/messages`, { text: "sorry" });
    expect(later.statusCode).toBe(201);
    clock -= 8 * DAY;
  });
});

describe("the decision mail", () => {
  /** A case about the person, opened by someone's report. */
  async function caseAboutPerson(person: Session): Promise<ModerationCase> {
    const reporter = await signUpUser(app);
    const reported = await call(app, reporter, "POST", `/api/user/report/${person.me._id}`, {
      reason: "spam",
    });
    expect(reported.statusCode).toBe(201);
    return caseAbout(admin, person.me._id);
  }

  /** The decision mails the person has got, once there are `count` (they go after the commit). */
  function decisionMails(person: Session, subject: string, count: number) {
    return waitFor(`${count} decision mail(s) to ${person.me.emailId}`, async () => {
      const mails = (await mailsTo(app, person.me.emailId)).filter((m) => m.subject === subject);
      return mails.length >= count && mails;
    });
  }

  it("tells a Spanish-speaking person the suspension and the appeal's outcome in Spanish", async () => {
    const marta = await signUpUser(app, { firstName: "Marta" });
    const set = await call(app, marta, "PUT", "/api/account/settings", {
      locale: "es",
      timeZone: "Europe/Madrid",
    });
    expect(set.statusCode).toBe(200);
    const kase = await caseAboutPerson(marta);
    const suspended = await call(app, admin, "POST", `/api/moderation/cases/${kase._id}/actions`, {
      action: "suspend",
      days: 7,
      reason: "Enlaces de estafa",
    });
    expect(suspended.statusCode).toBe(201);

    const until = new Intl.DateTimeFormat("es", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "Europe/Madrid",
    }).format(new Date(clock + 7 * DAY));
    const [mail] = await decisionMails(marta, "Sobre tu cuenta de Kindred", 1);
    expect(mail?.text).toBe(
      [
        "Hola, Marta:",
        "",
        `Un moderador ha suspendido tu cuenta durante 7 días, hasta el ${until} (Europe/Madrid).`,
        "",
        "El motivo: Enlaces de estafa",
        "",
        `Puedes apelar una vez en un plazo de 14 días; decidirá otro moderador. Apela aquí: ${app.config.publicOrigin}/`,
        "",
        "Este mensaje trata de la seguridad de tu cuenta; te llega sea cual sea tu configuración de correo.",
        "",
        "— Kindred",
      ].join("\n"),
    );
    expect(mail?.html).toContain('<html lang="es" dir="ltr">');

    const appeal = await call(app, marta, "POST", "/api/moderation/appeal", {
      text: "Fue un error",
    });
    expect(appeal.statusCode).toBe(201);
    const second = await moderator("Second");
    const appeals = (await call(app, second, "GET", "/api/moderation/appeals")).json().data;
    const mine = appeals.find((x: { text: string }) => x.text === "Fue un error");
    const decided = await call(app, second, "POST", `/api/moderation/appeals/${mine._id}`, {
      decision: "overturn",
      reason: "Los enlaces eran de su universidad",
    });
    expect(decided.statusCode).toBe(200);
    const [, outcome] = await decisionMails(marta, "Sobre tu cuenta de Kindred", 2);
    expect(outcome?.text).toContain(
      "Un moderador ha aceptado tu apelación y ha revocado la decisión.\n\nEl motivo: Los enlaces eran de su universidad\n",
    );
    expect(outcome?.text).not.toContain("Apela aquí");
  });

  it("keeps the English mail word for word", async () => {
    const ben = await signUpUser(app, { firstName: "Ben" });
    const kase = await caseAboutPerson(ben);
    const warned = await call(app, admin, "POST", `/api/moderation/cases/${kase._id}/actions`, {
      action: "warn",
      reason: "Spam links",
    });
    expect(warned.statusCode).toBe(201);
    const [mail] = await decisionMails(ben, "About your Kindred account", 1);
    expect(mail?.text).toBe(
      [
        "Hello Ben,",
        "",
        "A moderator warned you.",
        "",
        "The reason: Spam links",
        "",
        `You can appeal once within 14 days; a different moderator decides. Appeal here: ${app.config.publicOrigin}/`,
        "",
        "This message is about your account's safety; it is sent whatever your mail settings.",
        "",
        "— Kindred",
      ].join("\n"),
    );
    expect(mail?.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe("a ban", () => {
  it("ends sessions, sockets and tokens at once, and after the purge refuses the email in any case", async () => {
    const b = await signUpUser(app, { emailId: `Ban.${uniqueEmail()}` });
    const { token } = await continueAs(app, b.headers);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const socket = new WebSocketClient(`ws://127.0.0.1:${port}/api/chat/socket`, {
      headers: { origin: app.config.publicOrigin, cookie: b.headers.cookie },
    });
    const closed = new Promise<number>((resolve) => socket.on("close", resolve));
    await new Promise<void>((resolve, reject) => {
      socket.on("open", () => resolve());
      socket.on("error", reject);
    });
    const reporter = await signUpUser(app);
    await call(app, reporter, "POST", `/api/user/report/${b.me._id}`, { reason: "spam" });
    const kase = await caseAbout(admin, b.me._id);
    // Banned 31 days ago by the app's clock: the purge (queued 30 days after) is due now.
    clock -= 31 * DAY;
    const banned = await call(app, admin, "POST", `/api/moderation/cases/${kase._id}/actions`, {
      action: "ban",
      reason: "Scam links to everyone",
    });
    expect(banned.statusCode).toBe(201);
    expect(await closed).toBe(4401);
    expect((await call(app, b, "GET", "/api/profile/view")).statusCode).toBe(401);
    const community = await callCommunity(
      app,
      { authorization: `Bearer ${token}` },
      "GET",
      "/getposts",
    );
    expect(community.statusCode).toBe(401);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: reporter.headers,
      payload: { emailId: b.me.emailId, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe("BANNED");
    expect(login.json().message).toContain("Scam links to everyone");

    clock += 31 * DAY;
    await app.jobs.runDueJobs();
    expect(
      (await call(app, admin, "GET", `/api/moderation/cases/${kase._id}`)).json().data.person,
    ).toBeNull();
    const again = await app.inject({
      method: "POST",
      url: "/api/signup",
      headers: reporter.headers,
      payload: {
        ...(await botCheck(app)),
        firstName: "New",
        lastName: "Me",
        emailId: b.me.emailId.toUpperCase(),
        password: PASSWORD,
        skills: ["a", "b", "c"],
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("EMAIL_REFUSED");
    const audit = (await call(app, admin, "GET", "/api/moderation/audit?limit=100")).json().data;
    expect(audit.some((entry: { action: string }) => entry.action === "purged")).toBe(true);
  });
});

describe("trusted reports", () => {
  async function reporters(count: number): Promise<Session[]> {
    const people: Session[] = [];
    for (let i = 0; i < count; i++) people.push(await signUpUser(app));
    return people;
  }

  async function befriend(person: Session, friends: Session[]) {
    for (const friend of friends) {
      await call(app, person, "POST", `/api/request/send/interested/${friend.me._id}`);
      const received = (await call(app, friend, "GET", "/api/user/requests/received")).json().data;
      const request = received.find(
        (r: { fromUserId: { _id: string } }) => r.fromUserId._id === person.me._id,
      );
      await call(app, friend, "POST", `/api/request/review/accepted/${request._id}`);
    }
  }

  async function postAndReports(trustedReporters: boolean) {
    const people = await reporters(3);
    const friends = await reporters(3);
    for (const person of people) await befriend(person, friends);
    if (trustedReporters) clock += 8 * DAY;
    const author = await joinAsAccount(app, "Author");
    const viewer = await joinAsAccount(app, "Viewer");
    const created = await callCommunity(app, author, "POST", "/fusionpublish", {
      title: "Cheap watches",
      content: "Visit my shop today",
    });
    expect(created.statusCode).toBe(201);
    const postId: string = created.json().data.id;
    for (const person of people) {
      const filed = await call(app, person, "POST", "/api/reports", {
        subject: { type: "post", _id: postId },
        reason: "spam",
      });
      expect(filed.statusCode).toBe(201);
    }
    const seen = await callCommunity(app, viewer, "GET", "/getposts");
    const ids = (seen.json() as { id: string }[]).map((post) => post.id);
    if (trustedReporters) clock -= 8 * DAY;
    return { ids, postId };
  }

  it("hide a post for everyone at once when three trusted people report it", async () => {
    const { ids, postId } = await postAndReports(true);
    expect(ids).not.toContain(postId);
    const kase = await caseAbout(admin, postId);
    expect(kase.hidden).toBe(true);
  });

  it("do not hide it when the reporters' accounts were made an hour ago", async () => {
    const { ids, postId } = await postAndReports(false);
    expect(ids).toContain(postId);
    const detail: ModerationCaseDetail = (
      await call(app, admin, "GET", `/api/moderation/cases/${(await caseAbout(admin, postId))._id}`)
    ).json().data;
    expect(detail.hidden).toBe(false);
    expect(detail.reports).toHaveLength(3);
  });
});

describe("every kind of content", () => {
  it("keeps a reply's, a group's and an event's words, and a removal takes each away", async () => {
    const author = await joinAsAccount(app, "Writer");
    const reporter = await signUpUser(app, { firstName: "Rae", lastName: "Reporter" });
    const post = await callCommunity(app, author, "POST", "/fusionpublish", {
      title: "Study tips",
      content: "Share yours",
    });
    const postId: string = post.json().data.id;
    const reply = await callCommunity(app, author, "POST", `/post/${postId}/replies`, {
      content: "Buy my notes at a discount",
    });
    const group = await callCommunity(app, author, "POST", "/create", {
      name: "Notes for sale",
      description: "Cheap answers every week",
      tag: "Math",
    });
    const event = await callCommunity(app, author, "POST", "/createevent", {
      title: "Answer market",
      description: "Bring cash",
      location: "Library",
      date: new Date(clock + 7 * DAY).toISOString(),
    });
    const kinds = [
      {
        type: "reply",
        _id: reply.json().data._id as string,
        title: null,
        text: "Buy my notes at a discount",
        url: `/post/${postId}/replies`,
      },
      {
        type: "group",
        _id: group.json().data._id as string,
        title: "Notes for sale",
        text: "Cheap answers every week",
        url: `/group/${group.json().data._id}`,
      },
      {
        type: "event",
        _id: event.json().data._id as string,
        title: "Answer market",
        text: "Bring cash",
        url: `/event/${event.json().data._id}`,
      },
    ] as const;
    for (const kind of kinds) {
      const filed = await call(app, reporter, "POST", "/api/reports", {
        subject: { type: kind.type, _id: kind._id },
        reason: "spam",
      });
      expect(filed.statusCode, `${kind.type}: ${filed.body}`).toBe(201);
      const kase = await caseAbout(admin, kind._id);
      const detail: ModerationCaseDetail = (
        await call(app, admin, "GET", `/api/moderation/cases/${kase._id}`)
      ).json().data;
      expect(detail.snapshot, kind.type).toMatchObject({ title: kind.title, text: kind.text });
      const removed = await call(app, admin, "POST", `/api/moderation/cases/${kase._id}/actions`, {
        action: "remove",
        reason: "Selling answers",
      });
      expect(removed.statusCode, `${kind.type}: ${removed.body}`).toBe(201);
    }
    const replies = await callCommunity(app, author, "GET", `/post/${postId}/replies`);
    expect(replies.json().data).toEqual([]);
    expect((await callCommunity(app, author, "GET", kinds[1].url)).statusCode).toBe(404);
    expect((await callCommunity(app, author, "GET", kinds[2].url)).statusCode).toBe(404);
  });
});
