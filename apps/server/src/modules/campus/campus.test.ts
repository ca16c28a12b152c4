import { CAMPUS_MESSAGES, type Card, type Me } from "@kindred/shared";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  type Caller,
  call,
  connectedPair,
  mailsTo,
  recoveryCodeIn,
  type Session,
  signUpUser,
} from "../../../test/helpers.ts";

let clock = Date.parse("2026-09-01T10:00:00Z");
const app = await appForFile({ now: () => new Date(clock) });
const HOUR = 60 * 60_000;
const MIT = "Massachusetts Institute of Technology";

let counter = 0;
/** A fresh address at MIT (a subdomain, as students' often are), different in every test. */
function mitAddress(name = "student"): string {
  counter += 1;
  return `${name}${counter}@Mail.MIT.edu`;
}

/** The latest university code mailed to the address (the outbox stands in for the mailer). */
async function campusCodeFor(target: FastifyInstance, email: string): Promise<string> {
  const mails = await mailsTo(target, email.toLowerCase());
  const subject = mails.at(-1)?.subject ?? "";
  const code = /university email code: (\d{6})$/.exec(subject)?.[1];
  if (!code) throw new Error(`no university code was mailed to ${email}`);
  return code;
}

function askForCode(who: Caller, email: string, target = app) {
  return call(target, who, "POST", "/api/account/campus", { email });
}

function verify(who: Caller, code: string) {
  return call(app, who, "POST", "/api/account/campus/verify", { code });
}

/** Asks for a code for the address and enters it: Me afterwards. */
async function verifyAddress(who: Session, email: string): Promise<Me> {
  const asked = await askForCode(who, email);
  expect(asked.statusCode, asked.body).toBe(200);
  const verified = await verify(who, await campusCodeFor(app, email));
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data as Me;
}

function wrongCodeFor(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

/** The person's card as someone else's feed shows it. */
async function cardInFeedOf(viewer: Session, person: Session) {
  const response = await call(app, viewer, "GET", "/api/feed?limit=50");
  expect(response.statusCode).toBe(200);
  const card = (response.json().data as Card[]).find((each) => each._id === person.me._id);
  return { card, body: response.body };
}

async function publicProfileOf(person: Session) {
  const link = await call(app, person, "GET", "/api/generate_public_url");
  const publicId = String(link.json().data.url).split("/").pop();
  return call(app, null, "GET", `/api/get_public_profile/${publicId}`);
}

describe("verifying a university address", () => {
  it("mails a 6-digit code to the address, and the code puts the university on Me", async () => {
    const ana = await signUpUser(app, { firstName: "Ana" });
    const email = mitAddress("ana");
    const asked = await askForCode(ana, email);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      status: 1,
      message: CAMPUS_MESSAGES.codeSent,
      data: {
        email: email.toLowerCase(),
        university: MIT,
        verified: false,
        codeExpiresAt: new Date(clock + HOUR).toISOString(),
      },
    });
    const [mail, ...more] = await mailsTo(app, email.toLowerCase());
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Your Kindred university email code: \d{6}$/);
    expect(mail?.text).toBe(
      [
        "Hi Ana,",
        "",
        "Use this code to verify your university email on Kindred. It works once, within 1 hour:",
        "",
        `    ${recoveryCodeIn(mail)}`,
        "",
        `Once it is verified, your card shows ${MIT}. This address itself is never shown to anyone.`,
        "",
        "If you did not ask for this, ignore this email: nothing changes.",
        "",
        "Never share this code. Kindred will never ask you for it.",
        "",
        "— Kindred",
      ].join("\n"),
    );

    const verified = await verify(ana, await campusCodeFor(app, email));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 1,
      message: CAMPUS_MESSAGES.verified,
      data: { _id: ana.me._id, campus: MIT, emailId: ana.me.emailId },
    });
    const profile = await call(app, ana, "GET", "/api/profile/view");
    expect(profile.json().campus).toBe(MIT);
    const mine = await call(app, ana, "GET", "/api/account/campus");
    expect(mine.json().data).toEqual({
      email: email.toLowerCase(),
      university: MIT,
      verified: true,
      codeExpiresAt: null,
    });
  });

  it("mails an Arabic-speaking account its code in Arabic, and that code verifies", async () => {
    const layla = await signUpUser(app, { firstName: "Layla" });
    const set = await call(app, layla, "PUT", "/api/account/settings", { locale: "ar" });
    expect(set.statusCode).toBe(200);
    const email = mitAddress("layla");
    expect((await askForCode(layla, email)).statusCode).toBe(200);

    const [mail] = await mailsTo(app, email.toLowerCase());
    const code = recoveryCodeIn(mail);
    expect(mail?.subject).toBe(`رمز البريد الجامعي الخاص بك على Kindred: ${code}`);
    expect(mail?.text).toContain("مرحبًا Layla،");
    expect(mail?.text).toContain(
      "استخدم هذا الرمز للتحقق من بريدك الجامعي على Kindred. يعمل مرة واحدة خلال ساعة:",
    );
    expect(mail?.text).toContain(`بعد التحقق منه، ستعرض بطاقتك ${MIT}.`);
    expect(mail?.text).toContain("لا تشارك هذا الرمز مع أحد أبدًا. لن يطلبه Kindred منك أبدًا.");
    expect(mail?.html).toContain('<html lang="ar" dir="rtl">');

    const verified = await verify(layla, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.campus).toBe(MIT);
  });

  it("shows the university on the card in others' feed and on the public profile, never the address", async () => {
    const viewer = await signUpUser(app, { firstName: "Viewer" });
    const ana = await signUpUser(app, { firstName: "Anabel" });
    // The viewer's ranking is made before the badge: the change reaches its next page.
    expect((await cardInFeedOf(viewer, ana)).card?.campus).toBeNull();
    const email = mitAddress("anabel");
    await verifyAddress(ana, email);

    const feed = await cardInFeedOf(viewer, ana);
    expect(feed.card?.campus).toBe(MIT);
    expect(feed.body.toLowerCase()).not.toContain(email.toLowerCase());

    const profile = await publicProfileOf(ana);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.campus).toBe(MIT);
    expect(profile.body.toLowerCase()).not.toContain(email.toLowerCase());

    const search = await call(app, viewer, "GET", "/api/search?q=Anabel");
    expect(search.statusCode).toBe(200);
    const found = (search.json().data.people as Card[]).find((each) => each._id === ana.me._id);
    expect(found?.campus).toBe(MIT);
    expect(search.body.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('puts a verified person in "My campus" for others of the university, and out when removed', async () => {
    const viewer = await signUpUser(app, { firstName: "Vic" });
    const ana = await signUpUser(app, { firstName: "Anouk" });
    await signUpUser(app, { firstName: "Elsewhere" });
    const mine = async (): Promise<string[]> => {
      const response = await call(app, viewer, "GET", "/api/feed?campus=1&limit=50");
      expect(response.statusCode).toBe(200);
      return response.json().data.map((card: Card) => card.firstName);
    };
    // No university yet: "My campus" has nobody.
    expect(await mine()).toEqual([]);
    await verifyAddress(viewer, mitAddress("vic"));
    expect(await mine()).not.toContain("Anouk");
    // Verified after the viewer's first look: in at once.
    await verifyAddress(ana, mitAddress("anouk"));
    const names = await mine();
    expect(names).toContain("Anouk");
    expect(names).not.toContain("Elsewhere");
    const removed = await call(app, ana, "DELETE", "/api/account/campus");
    expect(removed.statusCode).toBe(200);
    expect(await mine()).not.toContain("Anouk");
  });

  it("keeps the address out of a connection's export and in the owner's", async () => {
    const [ana, bo] = await connectedPair(app, ["Ana", "Bo"]);
    const email = mitAddress("export");
    await verifyAddress(ana, email);
    const hers = await call(app, ana, "GET", "/api/account/export");
    expect(hers.statusCode).toBe(200);
    expect(hers.body).toContain(email.toLowerCase());
    const his = await call(app, bo, "GET", "/api/account/export");
    expect(his.statusCode).toBe(200);
    expect(his.body).toContain(ana.me._id);
    expect(his.body.toLowerCase()).not.toContain(email.toLowerCase());
  });

  it("answers null before any address, and the pending one before its code", async () => {
    const person = await signUpUser(app);
    const none = await call(app, person, "GET", "/api/account/campus");
    expect(none.json()).toMatchObject({ status: 1, data: null });
    const email = mitAddress();
    await askForCode(person, email);
    const pending = await call(app, person, "GET", "/api/account/campus");
    expect(pending.json().data).toMatchObject({ email: email.toLowerCase(), verified: false });
    expect(pending.body).not.toMatch(/hash|code_hash|failed/i);
  });

  it("takes a university's main domain and refuses the list's stopped subdomains", async () => {
    const person = await signUpUser(app);
    const main = await askForCode(person, `p${++counter}@pku.edu.cn`);
    expect(main.statusCode, main.body).toBe(200);
    expect(main.json().data.university).toBe("Peking University");
    const stopped = await askForCode(person, `p${++counter}@alumni.pku.edu.cn`);
    expect(stopped.statusCode).toBe(400);
    expect(stopped.json().code).toBe("NOT_ACADEMIC_EMAIL");
    expect(stopped.json().errors).toEqual([
      { path: "email", message: CAMPUS_MESSAGES.notAcademic },
    ]);
  });
});

describe("addresses that are refused", () => {
  it("answers 400 on `email` for an address that is not academic, and mails nothing", async () => {
    const person = await signUpUser(app);
    for (const email of ["someone@gmail.com", "someone@kindred.test", "a@si.edu"]) {
      const response = await askForCode(person, email);
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toMatchObject({
        status: 0,
        code: "NOT_ACADEMIC_EMAIL",
        message: CAMPUS_MESSAGES.notAcademic,
        errors: [{ path: "email", message: CAMPUS_MESSAGES.notAcademic }],
      });
      expect(await mailsTo(app, email)).toEqual([]);
    }
    expect((await call(app, person, "GET", "/api/account/campus")).json().data).toBeNull();
  });

  it("answers 400 for an academic domain that names no university it knows", async () => {
    const person = await signUpUser(app);
    const response = await askForCode(person, "someone@no-such-school.edu");
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("UNKNOWN_UNIVERSITY");
    expect(response.json().errors).toEqual([
      { path: "email", message: CAMPUS_MESSAGES.unknownUniversity },
    ]);
  });

  it("answers 409 for an address another account verified, in any case", async () => {
    const email = mitAddress("shared");
    await verifyAddress(await signUpUser(app), email);
    const other = await signUpUser(app);
    const response = await askForCode(other, email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CAMPUS_EMAIL_TAKEN",
      message: CAMPUS_MESSAGES.taken,
    });
    expect((await call(app, other, "GET", "/api/account/campus")).json().data).toBeNull();
  });

  it("answers 409 to the second of two accounts that had the same address pending", async () => {
    const email = mitAddress("race");
    const first = await signUpUser(app);
    const second = await signUpUser(app);
    await askForCode(first, email);
    const firstCode = await campusCodeFor(app, email);
    await askForCode(second, email);
    const secondCode = await campusCodeFor(app, email);
    expect((await verify(second, secondCode)).statusCode).toBe(200);
    const late = await verify(first, firstCode);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("CAMPUS_EMAIL_TAKEN");
    expect((await call(app, first, "GET", "/api/profile/view")).json().campus).toBeNull();
  });

  it("answers 409 to a new address while one is verified: remove it first", async () => {
    const person = await signUpUser(app);
    await verifyAddress(person, mitAddress());
    const response = await askForCode(person, mitAddress());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("CAMPUS_ALREADY_VERIFIED");
    const again = await verify(person, "123456");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("CAMPUS_ALREADY_VERIFIED");
  });
});

describe("the code", () => {
  it("counts wrong codes, and after 5 even the right one is refused until a new one", async () => {
    const person = await signUpUser(app);
    const email = mitAddress();
    await askForCode(person, email);
    const code = await campusCodeFor(app, email);
    const wrong = wrongCodeFor(code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(person, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("INVALID_CODE");
      expect(response.json().errors).toEqual([{ path: "code", message: response.json().message }]);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      CAMPUS_MESSAGES.wrongCode(4),
      CAMPUS_MESSAGES.wrongCode(3),
      CAMPUS_MESSAGES.wrongCode(2),
      CAMPUS_MESSAGES.wrongCode(1),
      CAMPUS_MESSAGES.wrongCode(0),
    ]);
    const right = await verify(person, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: "CODE_USED_UP", message: CAMPUS_MESSAGES.usedUp });

    await askForCode(person, email);
    const fresh = await verify(person, await campusCodeFor(app, email));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.campus).toBe(MIT);
  });

  it("expires after an hour", async () => {
    const person = await signUpUser(app);
    const email = mitAddress();
    await askForCode(person, email);
    const code = await campusCodeFor(app, email);
    clock += HOUR + 1000;
    const late = await verify(person, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: "CODE_EXPIRED", message: CAMPUS_MESSAGES.expired });
    expect((await call(app, person, "GET", "/api/profile/view")).json().campus).toBeNull();
  });

  it("is replaced by a new one: the old code no longer works", async () => {
    const person = await signUpUser(app);
    const first = mitAddress();
    await askForCode(person, first);
    const old = await campusCodeFor(app, first);
    const second = mitAddress();
    await askForCode(person, second);
    const fresh = await campusCodeFor(app, second);
    if (old !== fresh) expect((await verify(person, old)).json().code).toBe("INVALID_CODE");
    const done = await verify(person, fresh);
    expect(done.statusCode).toBe(200);
    const mine = await call(app, person, "GET", "/api/account/campus");
    expect(mine.json().data.email).toBe(second.toLowerCase());
  });

  it("answers 409 when no address waits for a code", async () => {
    const person = await signUpUser(app);
    const response = await verify(person, "123456");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "NO_CAMPUS_EMAIL_PENDING",
      message: CAMPUS_MESSAGES.nothingPending,
    });
  });
});

describe("removing the address", () => {
  it("takes the university off the card, and frees the address for another account", async () => {
    const viewer = await signUpUser(app, { firstName: "Watcher" });
    const ana = await signUpUser(app, { firstName: "Annika" });
    const email = mitAddress("annika");
    await verifyAddress(ana, email);
    expect((await cardInFeedOf(viewer, ana)).card?.campus).toBe(MIT);

    const removed = await call(app, ana, "DELETE", "/api/account/campus");
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      message: CAMPUS_MESSAGES.removed,
      data: { _id: ana.me._id, campus: null },
    });
    expect((await call(app, ana, "GET", "/api/account/campus")).json().data).toBeNull();
    expect((await cardInFeedOf(viewer, ana)).card?.campus).toBeNull();
    expect((await publicProfileOf(ana)).json().data.campus).toBeNull();

    const other = await signUpUser(app);
    const mine = await verifyAddress(other, email);
    expect(mine.campus).toBe(MIT);
  });

  it("removes a pending address too, and answers 200 when there is none", async () => {
    const person = await signUpUser(app);
    await askForCode(person, mitAddress());
    expect((await call(app, person, "DELETE", "/api/account/campus")).statusCode).toBe(200);
    expect((await call(app, person, "GET", "/api/account/campus")).json().data).toBeNull();
    const again = await call(app, person, "DELETE", "/api/account/campus");
    expect(again.statusCode).toBe(200);
    expect(again.json().data.campus).toBeNull();
  });
});

describe("limits and bad input", () => {
  it("limits the codes mailed per account (429 with Retry-After); a refused address does not count", async () => {
    const limited = await appForFile({
      verificationLimits: {
        verifyEmailPerIp: { max: 1000, windowMs: 60_000 },
        mailCodePerAccount: { max: 2, windowMs: 60_000 },
      },
    });
    const person = await signUpUser(limited);
    expect((await askForCode(person, mitAddress(), limited)).statusCode).toBe(200);
    expect((await askForCode(person, "typo@gmail.com", limited)).statusCode).toBe(400);
    expect((await askForCode(person, mitAddress(), limited)).statusCode).toBe(200);
    const third = await askForCode(person, mitAddress(), limited);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe("RATE_LIMITED");
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    // Another account has its own budget.
    const other = await signUpUser(limited);
    expect((await askForCode(other, mitAddress(), limited)).statusCode).toBe(200);
  });

  it("needs a session", async () => {
    const anonymous = await anonymousHeaders(app);
    expect((await call(app, anonymous, "GET", "/api/account/campus")).statusCode).toBe(401);
    expect((await askForCode(anonymous, mitAddress())).statusCode).toBe(401);
    expect((await verify(anonymous, "123456")).statusCode).toBe(401);
    expect((await call(app, anonymous, "DELETE", "/api/account/campus")).statusCode).toBe(401);
  });

  it("answers every malformed body with 400 VALIDATION_ERROR in the contract's body", async () => {
    const person = await signUpUser(app);
    const bodies: [string, unknown][] = [
      ["/api/account/campus", {}],
      ["/api/account/campus", { email: "" }],
      ["/api/account/campus", { email: "   " }],
      ["/api/account/campus", { email: 42 }],
      ["/api/account/campus", { email: null }],
      ["/api/account/campus", { email: ["a@mit.edu"] }],
      ["/api/account/campus", { email: `${"a".repeat(300)}@mit.edu` }],
      ["/api/account/campus", { email: "a\u0000b@mit.edu" }],
      ["/api/account/campus", { email: "\u200b\u200b@mit.edu" }],
      ["/api/account/campus", { email: "a@mit.edu\u200b" }],
      ["/api/account/campus", { email: "a@mit.edu", extra: 1 }],
      ["/api/account/campus", { email: "a@../../etc/passwd" }],
      ["/api/account/campus", ["a@mit.edu"]],
      ["/api/account/campus/verify", {}],
      ["/api/account/campus/verify", { code: "" }],
      ["/api/account/campus/verify", { code: "12345" }],
      ["/api/account/campus/verify", { code: "12345a" }],
      ["/api/account/campus/verify", { code: 123456 }],
      ["/api/account/campus/verify", { code: "123\u0000456" }],
      ["/api/account/campus/verify", { code: "9".repeat(5_000) }],
    ];
    for (const [url, body] of bodies) {
      const response = await call(app, person, "POST", url, body);
      const what = `${url} ${JSON.stringify(body).slice(0, 60)}`;
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
    const huge = await askForCode(person, `${"a".repeat(70_000)}@mit.edu`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 0, code: "PAYLOAD_TOO_LARGE" });
    expect((await call(app, person, "GET", "/api/account/campus")).json().data).toBeNull();
  });
});
