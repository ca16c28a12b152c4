import { describe, expect, it } from "vitest";
import {
  appForFile,
  call,
  cookieFrom,
  getXsrf,
  signUpUser,
  signupBody,
  twoStepCodeAt,
} from "./helpers.ts";

const codeAt = twoStepCodeAt;

describe("two-step codes", () => {
  it("turns on with a code, then login needs a code that works once", async () => {
    const app = await appForFile();
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

    const xsrf = await getXsrf(app);
    const anon = { cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
    const login = await call(app, anon, "POST", "/api/login", { emailId: me.emailId, password });
    expect(login.json().data).toEqual({ twoStep: true });
    expect(cookieFrom(login, "token")).toBeUndefined();
    const step = cookieFrom(login, "kindred-two-step");
    const withStep = { ...anon, cookie: `${anon.cookie}; kindred-two-step=${step}` };
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
});
