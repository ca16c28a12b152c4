import { PUBLIC_FORM_MESSAGES, SUPPORT_TOPICS } from "@kindred/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  botCheck,
  readOutbox,
  uniqueEmail,
} from "../../../test/helpers.ts";
import { contactMessages, newsletterSubscribers, supportTickets } from "../../db/schema.ts";

const SUPPORT = "help@kindred.test";
const app = await appForFile({
  supportEmail: SUPPORT,
  publicFormsPerIp: { max: 6, windowMs: 60_000 },
});

const outbox = () => readOutbox(app);

/** Each call comes from its own address, so the per-IP limit only bites where a test wants it. */
let ipCounter = 0;
async function post(
  url: string,
  payload: unknown,
  ip = `10.0.0.${++ipCounter}`,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { ...(await anonymousHeaders(app)), ...headers },
    // Every form carries a fresh solution of the bot check unless the test sends its own.
    payload: { ...(await botCheck(app)), ...(payload as Record<string, unknown>) },
  });
}

describe("POST /api/support/tickets", () => {
  it("stores the ticket and mails it to the support address", async () => {
    const email = uniqueEmail();
    const response = await post("/api/support/tickets", {
      name: "  Ana Lima ",
      email: email.toUpperCase(),
      message: "I cannot <b>upload</b> my photo.",
      topic: "Technical Support",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 1, message: PUBLIC_FORM_MESSAGES.ticketSubmitted });

    const rows = await app.db.select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ana Lima", topic: "Technical Support" });

    const mail = (await outbox()).find((m) => m.to === SUPPORT && m.text.includes(email));
    expect(mail?.subject).toBe("Support ticket [Technical Support] from Ana Lima");
    expect(mail?.text).toContain("I cannot <b>upload</b> my photo.");
    expect(mail?.html).toContain("&lt;b&gt;upload&lt;/b&gt;");
  });

  it("takes every topic chip, and the retired Payment Problems an older page may still send", async () => {
    for (const topic of [...SUPPORT_TOPICS, "Payment Problems"]) {
      const email = uniqueEmail();
      const response = await post("/api/support/tickets", {
        name: "Ana",
        email,
        message: "Hello",
        topic,
      });
      expect(response.statusCode, topic).toBe(201);
      const rows = await app.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.email, email));
      expect(rows[0]?.topic).toBe(topic);
    }
    expect(SUPPORT_TOPICS).toHaveLength(5);
    expect(SUPPORT_TOPICS).not.toContain("Payment Problems");
  });

  it("refuses a missing name, a bad email, an empty message and an unknown topic with 400", async () => {
    const good = { name: "Ana", email: uniqueEmail(), message: "Hello" };
    for (const bad of [
      { ...good, name: "   " },
      { ...good, email: "not-an-email" },
      { ...good, message: "" },
      { ...good, message: "x".repeat(2001) },
      { ...good, topic: "Refunds" },
      { email: good.email, message: good.message },
    ]) {
      const response = await post("/api/support/tickets", bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("answers a filled honeypot with the normal success and stores and sends nothing", async () => {
    const email = uniqueEmail();
    const before = (await outbox()).length;
    const response = await post("/api/support/tickets", {
      name: "Bot",
      email,
      message: "Buy now",
      website: "http://spam.example",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(PUBLIC_FORM_MESSAGES.ticketSubmitted);
    expect(
      await app.db.select().from(supportTickets).where(eq(supportTickets.email, email)),
    ).toEqual([]);
    expect((await outbox()).length).toBe(before);
  });

  it("limits submissions per IP with 429 and Retry-After", async () => {
    const ip = "10.9.9.9";
    const body = { name: "Ana", email: uniqueEmail(), message: "Again" };
    for (let i = 0; i < 6; i++) {
      expect((await post("/api/support/tickets", body, ip)).statusCode).toBe(201);
    }
    const limited = await post("/api/support/tickets", body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post("/api/support/tickets", body, "10.9.9.10")).statusCode).toBe(201);
  });
});

describe("POST /api/contact", () => {
  it("stores the message and mails it to the support address", async () => {
    const email = uniqueEmail();
    const response = await post("/api/contact", { name: "Ben", email, message: "Partnership?" });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(PUBLIC_FORM_MESSAGES.contactSent);
    const rows = await app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(rows.map((row) => row.message)).toEqual(["Partnership?"]);
    const mail = (await outbox()).find((m) => m.to === SUPPORT && m.text.includes(email));
    expect(mail?.subject).toBe("Contact message from Ben");
  });

  it("refuses incomplete messages with 400 and drops honeypot ones silently", async () => {
    expect((await post("/api/contact", { name: "Ben", email: uniqueEmail() })).statusCode).toBe(
      400,
    );
    const email = uniqueEmail();
    const bot = await post("/api/contact", { name: "Ben", email, message: "x", website: "y" });
    expect(bot.statusCode).toBe(201);
    expect(
      await app.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
    ).toEqual([]);
  });

  it("limits submissions per IP", async () => {
    const body = { name: "Ben", email: uniqueEmail(), message: "Hi" };
    for (let i = 0; i < 6; i++)
      expect((await post("/api/contact", body, "10.8.8.8")).statusCode).toBe(201);
    expect((await post("/api/contact", body, "10.8.8.8")).statusCode).toBe(429);
  });
});

describe("newsletter", () => {
  it("subscribes once, answers a second sign-up the same without a second mail, and unsubscribes by the mailed link", async () => {
    const email = uniqueEmail();
    const first = await post("/api/newsletter", { email: email.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 1, message: PUBLIC_FORM_MESSAGES.subscribed });
    const second = await post("/api/newsletter", { email });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());

    const rows = await app.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.unsubscribedAt).toBeNull();

    const welcome = (await outbox()).filter((m) => m.to === email);
    expect(welcome).toHaveLength(1);
    expect((await outbox()).filter((m) => m.to === SUPPORT && m.text.includes(email))).toHaveLength(
      1,
    );
    const link = welcome[0]?.text.match(
      /https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=([\w-]+)/,
    );
    expect(link).not.toBeNull();
    // The database keeps only the token's hash.
    expect(rows[0]?.unsubscribeTokenHash).not.toBe(link?.[1]);

    const url = `/api/newsletter/unsubscribe?token=${link?.[1]}`;
    const done = await app.inject({ method: "GET", url });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(PUBLIC_FORM_MESSAGES.unsubscribed);
    const again = await app.inject({ method: "GET", url });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("UNSUBSCRIBE_TOKEN_UNKNOWN");

    // Subscribing again after leaving sends a fresh welcome with a new link.
    expect((await post("/api/newsletter", { email })).statusCode).toBe(200);
    expect((await outbox()).filter((m) => m.to === email)).toHaveLength(2);
  });

  it("welcomes the subscriber in the language the page was read in; the team's mail stays English", async () => {
    const spanish = uniqueEmail();
    const asked = await post("/api/newsletter", { email: spanish }, undefined, {
      "accept-language": "es-MX,es;q=0.9",
    });
    expect(asked.statusCode).toBe(200);
    const [welcome] = (await outbox()).filter((m) => m.to === spanish);
    expect(welcome?.subject).toBe("Te damos la bienvenida al boletín de Kindred");
    expect(welcome?.text).toContain(
      "Gracias por suscribirte al boletín de Kindred. Te escribiremos de vez en cuando sobre novedades, eventos y gente que merece la pena conocer.",
    );
    expect(welcome?.text).toMatch(
      /Para darte de baja cuando quieras, abre https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w-]+/,
    );
    expect(welcome?.html).toContain('<html lang="es" dir="ltr">');
    const team = (await outbox()).find((m) => m.to === SUPPORT && m.text.includes(spanish));
    expect(team?.subject).toBe(`New newsletter subscriber: ${spanish}`);

    const arabic = uniqueEmail();
    await post("/api/newsletter", { email: arabic }, undefined, { "accept-language": "ar" });
    const [arabicWelcome] = (await outbox()).filter((m) => m.to === arabic);
    expect(arabicWelcome?.subject).toBe("مرحبًا بك في النشرة الإخبارية لـ Kindred");
    expect(arabicWelcome?.html).toContain('<html lang="ar" dir="rtl">');

    const english = uniqueEmail();
    await post("/api/newsletter", { email: english });
    const [englishWelcome] = (await outbox()).filter((m) => m.to === english);
    expect(englishWelcome?.subject).toBe("Welcome to the Kindred newsletter");
    const link = englishWelcome?.text.match(/open (\S+)$/m)?.[1];
    expect(englishWelcome?.text).toBe(
      [
        "Hi,",
        "",
        "Thanks for subscribing to the Kindred newsletter. We will write now and then about new features, events and people worth meeting.",
        "",
        `To unsubscribe at any time, open ${link}`,
        "",
        "You get this mail because this address was entered in the newsletter box on our website.",
        "",
        "— Kindred",
      ].join("\n"),
    );
  });

  it("refuses a bad email and a malformed token with 400, an unknown token with 404", async () => {
    expect((await post("/api/newsletter", { email: "nope" })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: "GET", url: "/api/newsletter/unsubscribe?token=x" })).statusCode,
    ).toBe(400);
    const unknown = await app.inject({
      method: "GET",
      url: `/api/newsletter/unsubscribe?token=${"a".repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("drops a honeypot sign-up silently", async () => {
    const email = uniqueEmail();
    expect((await post("/api/newsletter", { email, website: "x" })).statusCode).toBe(200);
    expect(
      await app.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email)),
    ).toEqual([]);
  });

  it("limits sign-ups per IP", async () => {
    for (let i = 0; i < 6; i++) {
      expect((await post("/api/newsletter", { email: uniqueEmail() }, "10.7.7.7")).statusCode).toBe(
        200,
      );
    }
    expect((await post("/api/newsletter", { email: uniqueEmail() }, "10.7.7.7")).statusCode).toBe(
      429,
    );
  });
});
