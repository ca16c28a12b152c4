import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSkills, users } from "../src/db/schema.ts";
import { type AuthHeaders, call, createTestApp, signUpUser, TEST_AGE } from "./helpers.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function edit(headers: AuthHeaders, payload: unknown) {
  return call(app, headers, "PATCH", "/api/profile/edit", payload);
}

describe("GET /api/profile/view", () => {
  it("returns the Me object itself, not wrapped in an envelope", async () => {
    const { me, headers } = await signUpUser(app, { firstName: "Ada" });
    const response = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(me);
    expect(response.json().status).toBeUndefined();
  });
});

describe("PATCH /api/profile/edit", () => {
  it("saves any subset of fields and answers 'Profile Saved Successfully' with the new Me", async () => {
    const { me, headers } = await signUpUser(app);
    const response = await edit(headers, {
      firstName: "Grace",
      lastName: "Hopper",
      age: "42",
      gender: "female",
      about: "Compilers & <b>coffee</b>",
      skills: ["COBOL", "Compilers", "Navy"],
      instagramLink: "https://instagram.com/grace",
      otherLink: "http://example.org",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.message).toBe("Profile Saved Successfully");
    expect(body.data).toEqual({
      ...me,
      firstName: "Grace",
      lastName: "Hopper",
      age: 42,
      gender: "female",
      about: "Compilers & <b>coffee</b>",
      skills: ["COBOL", "Compilers", "Navy"],
      instagramLink: "https://instagram.com/grace",
      otherLink: "http://example.org",
    });
    const view = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(view.json()).toEqual(body.data);

    const partial = await edit(headers, { about: "Just this" });
    expect(partial.json().data).toMatchObject({ firstName: "Grace", about: "Just this", age: 42 });
  });

  it("clears optional fields with empty strings (photo falls back to the generated avatar)", async () => {
    const { me, headers } = await signUpUser(app);
    // (A pasted photo address is fetched and copied: see modules/photos/pasted-photo.test.ts.)
    await edit(headers, {
      age: 30,
      otherLink: "https://x.y",
    });
    const response = await edit(headers, { photoUrl: "", age: "", otherLink: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      photoUrl: `/api/avatars/${me._id}.svg`,
      age: null,
      otherLink: null,
    });
  });

  it("keeps the user_skills rows in step with the skills, lower-cased and de-duplicated regardless of case", async () => {
    const { me, headers } = await signUpUser(app, { skills: ["Chess", "Go", "Music"] });
    const response = await edit(headers, {
      skills: ["Painting", "painting", "Jazz", "JAZZ", "Running"],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.skills).toEqual(["Painting", "Jazz", "Running"]);
    const rows = await app.db.select().from(userSkills).where(eq(userSkills.userId, me._id));
    expect(rows.map((r) => r.skill).sort()).toEqual(["jazz", "painting", "running"]);
  });

  it("refuses a PATCH without the X-XSRF-TOKEN header (or with a wrong one) with 403 CSRF", async () => {
    const { headers } = await signUpUser(app);
    const without = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: { cookie: headers.cookie },
      payload: { about: "forged" },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ status: 0, code: "CSRF" });
    const wrong = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: { cookie: headers.cookie, "x-xsrf-token": "guessed" },
      payload: { about: "forged" },
    });
    expect(wrong.statusCode).toBe(403);
    const view = await app.inject({ method: "GET", url: "/api/profile/view", headers });
    expect(view.json().about).toBe("");
  });

  it("exempts requests carrying Authorization: Bearer from the CSRF check", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { authorization: "Bearer something" },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const response = await app.inject({
      method: "PATCH",
      url: "/api/profile/edit",
      headers: { cookie: "XSRF-TOKEN=t", "x-xsrf-token": "t" },
      payload: { about: "x" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("UNAUTHENTICATED");
  });

  it.each([
    ["emailId", { emailId: "new@example.com" }],
    ["password", { password: "a new password" }],
    ["publicId", { publicId: "mine" }],
    ["_id", { _id: "00000000-0000-0000-0000-000000000000" }],
  ])("refuses the unknown field %s with 400 and changes nothing", async (field, payload) => {
    const { me, headers } = await signUpUser(app);
    const response = await edit(headers, { ...payload, about: "should not be saved" });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors[0].path).toBe(field);
    const [row] = await app.db.select().from(users).where(eq(users.id, me._id));
    expect(row?.email).toBe(me.emailId);
    expect(row?.about).toBe("");
  });

  it.each([
    ["12", false],
    ["13", true],
    [" 120 ", true],
    ["121", false],
    ["twenty", false],
    ["25.5", false],
    [-5, false],
    [44, true],
  ])("age %j is accepted: %s", async (age, accepted) => {
    const { headers } = await signUpUser(app);
    const response = await edit(headers, { age });
    expect(response.statusCode).toBe(accepted ? 200 : 400);
    if (accepted) expect(response.json().data.age).toBe(Number(String(age).trim()));
    else {
      expect(response.json().errors[0].path).toBe("age");
      expect(response.json().message).toBe("Age must be a whole number from 13 to 120");
    }
  });

  it.each([
    ["gender", { gender: "Male" }],
    ["gender", { gender: "robot" }],
    ["skills", { skills: ["one", "two"] }],
    ["photoUrl", { photoUrl: "ftp://example.com/a.png" }],
    ["about", { about: "x".repeat(501) }],
    ["firstName", { firstName: "" }],
  ])("rejects an invalid %s", async (path, payload) => {
    const { headers } = await signUpUser(app);
    const response = await edit(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });
});

describe("public profile", () => {
  it("generates a stable URL from a random public id that is not the user id", async () => {
    const { me, headers } = await signUpUser(app);
    const first = await app.inject({ method: "GET", url: "/api/generate_public_url", headers });
    const second = await app.inject({ method: "GET", url: "/api/generate_public_url", headers });
    expect(first.statusCode).toBe(200);
    const url: string = first.json().data.url;
    expect(first.json().status).toBe(1);
    expect(second.json().data.url).toBe(url);
    expect(url).toMatch(/^http:\/\/localhost:7777\/GetToKnowMe\/[A-Za-z0-9_-]{22}$/);
    expect(url).not.toContain(me._id);
    expect((await app.inject({ method: "GET", url: "/api/generate_public_url" })).statusCode).toBe(
      401,
    );
  });

  it("serves the public user without a session: Card fields plus socialLinks, no email", async () => {
    const { me, headers } = await signUpUser(app, {
      instagramLink: "https://instagram.com/pub",
      skills: ["Chess", "Go", "Poetry"],
    });
    const url: string = (
      await app.inject({ method: "GET", url: "/api/generate_public_url", headers })
    ).json().data.url;
    const publicId = url.split("/").pop();
    const response = await app.inject({
      method: "GET",
      url: `/api/get_public_profile/${publicId}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.data).toEqual({
      _id: me._id,
      firstName: me.firstName,
      lastName: me.lastName,
      photoUrl: me.photoUrl,
      photo: null,
      age: TEST_AGE,
      gender: null,
      about: "",
      skills: ["Chess", "Go", "Poetry"],
      learning: [],
      campus: null,
      socialLinks: { instagramLink: "https://instagram.com/pub", otherLink: null },
    });
    expect(response.body).not.toContain(me.emailId);
    expect(response.body).not.toContain("@");
  });

  it("answers 404 NOT_FOUND for an unknown public id, including the user's own _id", async () => {
    const { me } = await signUpUser(app);
    for (const id of ["does-not-exist", me._id]) {
      const response = await app.inject({ method: "GET", url: `/api/get_public_profile/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        status: 0,
        code: "NOT_FOUND",
        message: "This profile does not exist.",
      });
    }
  });
});

describe("no email outside Me", () => {
  it("never shows an email in any response except the owner's Me", async () => {
    const { me, headers } = await signUpUser(app);
    const other = await signUpUser(app);
    const publicUrl = (
      await app.inject({ method: "GET", url: "/api/generate_public_url", headers })
    ).json().data.url as string;
    const responses = await Promise.all([
      app.inject({
        method: "GET",
        url: `/api/get_public_profile/${publicUrl.split("/").pop()}`,
        headers: other.headers,
      }),
      app.inject({ method: "GET", url: `/api/avatars/${me._id}.svg` }),
      app.inject({ method: "GET", url: "/api/health", headers }),
      app.inject({ method: "GET", url: "/api/generate_public_url", headers }),
      app.inject({ method: "POST", url: "/api/logout", headers: other.headers, payload: {} }),
    ]);
    for (const response of responses) {
      expect(response.body).not.toContain(me.emailId);
      expect(response.body).not.toContain(other.me.emailId);
      expect(response.body).not.toMatch(/argon2/);
    }
  });
});
