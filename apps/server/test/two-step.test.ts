import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  call,
  cookieFrom,
  forgotPassword,
  mailsTo,
  recoveryCodeIn,
  signUpUser,
  signupBody,
  turnOnTwoStep,
  twoStepCodeAt,
  verifyCode,
} from "./helpers.ts";

const codeAt = twoStepCodeAt;
let offsetMs = 0;
const app: FastifyInstance = await appForFile({ now: () => new Date(Date.now() + offsetMs) });

/** A password login of someone with two-step codes on: the headers that carry its step cookie. */
async function passwordStep(emailId: string, password: string) {
  const anon = await anonymousHeaders(app);
  const login = await call(app, anon, "POST", "/api/login", { emailId, password });
  expect(login.json().data).toEqual({ twoStep: true });
  expect(cookieFrom(login, "token")).toBeUndefined();
  const step = cookieFrom(login, "kindred-two-step");
  return { ...anon, cookie: `${anon.cookie}; kindred-two-step=${step}` };
}

async function personWithTwoStep() {
  const password = signupBody().password;
  const session = await signUpUser(app, { password });
  const { otpauthUrl, recoveryCodes } = await turnOnTwoStep(app, session);
  return { ...session, password, otpauthUrl, recoveryCodes };
}

describe("two-step codes", () => {
  it("turns on with a code, then login needs a code that works once", async () => {
    const password = signupBody().password;
    const { me, headers } = await signUpUser(app, { password });
    const setup = await call(app, headers, "GET", "/api/account/two-step/setup");
    expect(setup.statusCode).toBe(200);
    const { otpauthUrl, qrSvg } = setup.json().data;
    expect(qrSvg).toContain("<svg");
    expect(
      (await call(app, headers, "POST", "/api/account/two-step", { code: "000000" })).statusCode,
    ).toBe(400);
    const on = await call(app, headers, "POST", "/api/account/two-step", {
      code: codeAt(otpauthUrl, app.now()),
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.recoveryCodes).toHaveLength(10);

    const withStep = await passwordStep(me.emailId, password);
    const done = await call(app, withStep, "POST", "/api/login/two-step", {
      code: codeAt(otpauthUrl, app.now(), 1),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.twoStep).toBe(true);
    const again = await call(app, withStep, "POST", "/api/login/two-step", {
      code: codeAt(otpauthUrl, app.now(), 1),
    });
    expect(again.statusCode).toBe(401);
  });

  it("throttles wrong codes like passwords: the sixth try answers 429, even a right code", async () => {
    const person = await personWithTwoStep();
    const withStep = await passwordStep(person.me.emailId, person.password);
    for (let i = 0; i < 5; i++) {
      const wrong = await call(app, withStep, "POST", "/api/login/two-step", { code: "000001" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe("INVALID_TWO_STEP_CODE");
    }
    const right = await call(app, withStep, "POST", "/api/login/two-step", {
      code: codeAt(person.otpauthUrl, app.now(), 1),
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toMatch(/^\d+$/);
    expect(cookieFrom(right, "token")).toBeUndefined();
  });

  it("ends the step after 5 minutes: the code then asks for the password again", async () => {
    const person = await personWithTwoStep();
    const withStep = await passwordStep(person.me.emailId, person.password);
    offsetMs = 6 * 60_000;
    try {
      const late = await call(app, withStep, "POST", "/api/login/two-step", {
        code: codeAt(person.otpauthUrl, app.now()),
      });
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe("TWO_STEP_EXPIRED");
    } finally {
      offsetMs = 0;
    }
    const neither = await call(app, withStep, "POST", "/api/login/two-step", {});
    expect(neither.statusCode).toBe(400);
  });

  it("makes new recovery codes after the password: the old ones stop working", async () => {
    const person = await personWithTwoStep();
    const path = "/api/account/two-step/recovery-codes";
    expect((await call(app, person, "POST", path, { password: "not it" })).statusCode).toBe(401);
    const fresh = await call(app, person, "POST", path, { password: person.password });
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => person.recoveryCodes.includes(code))).toBe(false);

    const old = await call(
      app,
      await passwordStep(person.me.emailId, person.password),
      "POST",
      "/api/login/two-step",
      { recoveryCode: person.recoveryCodes[0] },
    );
    expect(old.statusCode).toBe(401);
    const withNew = await call(
      app,
      await passwordStep(person.me.emailId, person.password),
      "POST",
      "/api/login/two-step",
      { recoveryCode: (codes[1] ?? "").toUpperCase().replace("-", " - ") },
    );
    expect(withNew.statusCode).toBe(200);
  });

  it("keeps two-step codes on through a reset by mail: the reset asks for a code", async () => {
    const person = await personWithTwoStep();
    const email = person.me.emailId;
    expect((await forgotPassword(app, email)).statusCode).toBe(200);
    const verified = await verifyCode(
      app,
      email,
      recoveryCodeIn((await mailsTo(app, email)).at(-1)),
    );
    const grant = cookieFrom(verified, "reset_grant");
    const anon = await anonymousHeaders(app);
    const withGrant = { ...anon, cookie: `${anon.cookie}; reset_grant=${grant}` };
    const reset = (extra: object) =>
      call(app, withGrant, "PUT", "/api/update_password", {
        emailId: email,
        password: "a brand new passphrase 42",
        ...extra,
      });
    const without = await reset({});
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe("TWO_STEP_REQUIRED");
    expect((await reset({ twoStepCode: "000002" })).statusCode).toBe(401);
    // The step after the one that turned them on (each step's code works once).
    const done = await reset({ twoStepCode: codeAt(person.otpauthUrl, app.now(), 1) });
    expect(done.statusCode, done.body).toBe(200);
    // Still on: the new password leads to the code step, not into the account.
    await passwordStep(email, "a brand new passphrase 42");
  });
});
