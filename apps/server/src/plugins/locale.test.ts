import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  call,
  createTestApp,
  signUpUser,
  tempDirsForFile,
} from "../../test/helpers.ts";

const app = await appForFile();

/** A login with no email: a 400 whose message and field errors come from the shared schema. */
async function emptyLogin(
  headers: Record<string, string>,
  payload: Record<string, unknown> = { password: "x" },
) {
  const anonymous = await anonymousHeaders(app);
  const cookie = [anonymous.cookie, headers.cookie].filter(Boolean).join("; ");
  return app.inject({
    method: "POST",
    url: "/api/login",
    headers: { ...anonymous, ...headers, cookie },
    payload,
  });
}

describe("the API's language", () => {
  it("answers in English word for word without Accept-Language or a choice", async () => {
    const response = await emptyLogin({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "Email is required",
      errors: [{ path: "emailId", message: "Email is required" }],
    });
  });

  it("follows Accept-Language: a validation message in Spanish (es-MX), with q-values", async () => {
    const response = await emptyLogin({ "accept-language": "de;q=0.9, es-MX;q=0.8, en;q=0.1" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      message: "El correo es obligatorio",
      errors: [{ path: "emailId", message: "El correo es obligatorio" }],
    });
  });

  it("lets the lang cookie win over Accept-Language", async () => {
    const response = await emptyLogin({ "accept-language": "es", cookie: "lang=ar" });
    expect(response.json().message).toBe("البريد الإلكتروني مطلوب");
  });

  it("ignores a lang cookie naming no language it speaks", async () => {
    const response = await emptyLogin({ "accept-language": "es", cookie: "lang=fr" });
    expect(response.json().message).toBe("El correo es obligatorio");
  });

  it("keeps the language of the sign-up, then the stored choice wins over the cookie", async () => {
    const ana = await signUpUserIn("ar-EG,ar;q=0.9");
    expect(ana.me.locale).toBe("ar");

    // Signed in, with an English cookie and header: the stored choice (ar) is the answer's.
    const english = { ...ana.headers, cookie: `${ana.headers.cookie}; lang=en` };
    const settings = await app.inject({
      method: "GET",
      url: "/api/account/settings",
      headers: { ...english, "accept-language": "en" },
    });
    expect(settings.json()).toMatchObject({
      message: "تم تحميل الإعدادات",
      data: { locale: "ar" },
    });

    const changed = await app.inject({
      method: "PUT",
      url: "/api/account/settings",
      headers: english,
      payload: { locale: "es" },
    });
    expect(changed.statusCode).toBe(200);
    // Answered in the language just chosen.
    expect(changed.json()).toEqual({
      status: 1,
      message: "Ajustes guardados",
      data: { readReceipts: true, timeZone: null, locale: "es" },
    });

    const me = await call(app, english, "GET", "/api/profile/view");
    expect(me.json().locale).toBe("es");
    const again = await call(app, english, "GET", "/api/account/settings");
    expect(again.json().data).toEqual({ readReceipts: true, timeZone: null, locale: "es" });
  });

  it("says zod's own message for a wrong type as it is in English", async () => {
    const response = await emptyLogin({ "accept-language": "en" }, { password: "x", playerId: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Email is required",
      errors: [
        { path: "emailId", message: "Email is required" },
        { path: "playerId", message: "Invalid input: expected string, received number" },
      ],
    });
  });

  it("says zod's own message for a wrong type in Spanish, a schema's own from the catalogue", async () => {
    const response = await emptyLogin({ "accept-language": "es" }, { password: "x", playerId: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "El correo es obligatorio",
      errors: [
        { path: "emailId", message: "El correo es obligatorio" },
        { path: "playerId", message: "Entrada inválida: se esperaba texto, recibido número" },
      ],
    });
  });

  it("says zod's own message for a wrong type in Arabic", async () => {
    const response = await emptyLogin(
      { "accept-language": "ar" },
      { emailId: "ana@example.com", password: "x", playerId: true },
    );
    expect(response.statusCode).toBe(400);
    const wrongType = "مدخلات غير مقبولة: يفترض إدخال string، ولكن تم إدخال boolean";
    expect(response.json()).toMatchObject({
      message: wrongType,
      errors: [{ path: "playerId", message: wrongType }],
    });
  });

  it("refuses a language it does not speak, in the request's language", async () => {
    const { headers } = await signUpUser(app);
    const response = await call(app, headers, "PUT", "/api/account/settings", { locale: "fr" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      errors: [{ path: "locale", message: "Choose a language: en, es or ar." }],
    });
    const me = await call(app, headers, "GET", "/api/profile/view");
    expect(me.json().locale).toBe("en");
  });
});

/** A signed-up person whose sign-up carried this Accept-Language. */
async function signUpUserIn(acceptLanguage: string) {
  const inject = app.inject.bind(app);
  // signUpUser makes its calls through app.inject: give each the header.
  (app as { inject: unknown }).inject = (options: { headers?: Record<string, string> }) =>
    inject({
      ...options,
      headers: { ...options.headers, "accept-language": acceptLanguage },
    } as never);
  try {
    return await signUpUser(app);
  } finally {
    (app as { inject: unknown }).inject = inject;
  }
}

describe("<html lang dir> of the pages", () => {
  const tempDir = tempDirsForFile("kindred-lang-");
  const dist = tempDir();
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html lang="en"><head><title>Kindred</title></head><body><div id=root></div></body></html>',
  );
  const web = createTestApp({ webDistDir: dist });
  afterAll(async () => (await web).close());

  async function page(headers: Record<string, string>) {
    const response = await (await web).inject({
      method: "GET",
      url: "/about",
      headers: { accept: "text/html", "accept-encoding": "identity", ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it("says Arabic, right to left, for an Arabic browser", async () => {
    const response = await page({ "accept-language": "ar" });
    expect(response.body).toContain('<html lang="ar" dir="rtl" data-lang-from="server">');
    expect(response.body).not.toContain('lang="en"');
    expect(response.headers.vary).toContain("accept-language");
  });

  it("says Spanish for a Spanish cookie, and English left to right by default", async () => {
    expect((await page({ cookie: "lang=es", "accept-language": "ar" })).body).toContain(
      '<html lang="es" dir="ltr" data-lang-from="server">',
    );
    expect((await page({})).body).toContain('<html lang="en" dir="ltr" data-lang-from="server">');
  });
});
