import type { Card, ConnectionCard, ReceivedRequest } from "@kindred/shared";
import { and, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  anonymousHeaders,
  appForFile,
  call,
  type Session,
  sendRequest,
  signUpUser,
} from "../../../test/helpers.ts";
import { connectionRequests } from "../../db/schema.ts";

const app = await appForFile();

function sendRaw(from: Session, status: string, userId: string) {
  return call(app, from, "POST", `/api/request/send/${status}/${userId}`);
}

const send = (from: Session, status: string, to: Session) => sendRequest(app, from, status, to);

function reviewRaw(reviewer: Session, status: string, requestId: string) {
  return call(app, reviewer, "POST", `/api/request/review/${status}/${requestId}`);
}

async function received(user: Session): Promise<ReceivedRequest[]> {
  const response = await call(app, user, "GET", "/api/user/requests/received");
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toMatch(/example\.com|emailId|password/i);
  return response.json().data;
}

async function connections(user: Session): Promise<ConnectionCard[]> {
  const response = await call(app, user, "GET", "/api/user/connections");
  expect(response.statusCode).toBe(200);
  expect(response.body).not.toMatch(/example\.com|emailId|password/i);
  return response.json().data;
}

async function rowsBetween(a: Session, b: Session) {
  return app.db
    .select()
    .from(connectionRequests)
    .where(
      or(
        and(eq(connectionRequests.fromUserId, a.me._id), eq(connectionRequests.toUserId, b.me._id)),
        and(eq(connectionRequests.fromUserId, b.me._id), eq(connectionRequests.toUserId, a.me._id)),
      ),
    );
}

const cardKeys = [
  "_id",
  "about",
  "age",
  "campus",
  "firstName",
  "gender",
  "lastName",
  "learning",
  "photo",
  "photoUrl",
  "skills",
];

describe("without a session", () => {
  it("answers 401 on every discovery call", async () => {
    const headers = await anonymousHeaders(app);
    const calls = [
      { method: "GET" as const, url: "/api/user/requests/received" },
      { method: "GET" as const, url: "/api/user/connections" },
      {
        method: "POST" as const,
        url: "/api/request/send/interested/00000000-0000-4000-8000-000000000000",
      },
      {
        method: "POST" as const,
        url: "/api/request/review/accepted/00000000-0000-4000-8000-000000000000",
      },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers, payload: {} });
      expect(response.statusCode, call.url).toBe(401);
      expect(response.json().code).toBe("UNAUTHENTICATED");
    }
  });
});

describe("POST /api/request/send/:status/:userId", () => {
  it("creates an interested or an ignored request", async () => {
    const [a, b, c] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const response = await sendRaw(a, "interested", b.me._id);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.status).toBe(1);
    expect(body.data).toEqual({
      _id: expect.any(String),
      fromUserId: a.me._id,
      toUserId: b.me._id,
      status: "interested",
    });
    const ignored = await sendRaw(a, "ignored", c.me._id);
    expect(ignored.statusCode).toBe(201);
    expect(ignored.json().data.status).toBe("ignored");
  });

  it("refuses a status other than interested or ignored", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    for (const status of ["accepted", "rejected", "loved", "INTERESTED"]) {
      const response = await sendRaw(a, status, b.me._id);
      expect(response.statusCode, status).toBe(400);
      expect(response.json()).toMatchObject({
        status: 0,
        code: "VALIDATION_ERROR",
        message: "Status must be interested or ignored.",
      });
    }
    expect(await rowsBetween(a, b)).toHaveLength(0);
  });

  it("refuses a request to oneself", async () => {
    const a = await signUpUser(app);
    for (const id of [a.me._id, a.me._id.toUpperCase()]) {
      const response = await sendRaw(a, "interested", id);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("SELF_REQUEST");
    }
  });

  it("answers 404 for an unknown user and for an id that is not a uuid", async () => {
    const a = await signUpUser(app);
    for (const id of ["5b0f9c1e-3f44-4c1a-9d7e-0a1b2c3d4e5f", "not-a-uuid", "1%27%20or%201%3D1"]) {
      const response = await sendRaw(a, "interested", id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ status: 0, code: "USER_NOT_FOUND" });
    }
  });

  it("answers 409 for a second request between the same two people, in either direction", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    await send(a, "ignored", b);
    for (const [from, to, status] of [
      [a, b, "interested"],
      [a, b, "ignored"],
      [b, a, "interested"],
    ] as const) {
      const response = await sendRaw(from, status, to.me._id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 0, code: "REQUEST_EXISTS" });
    }
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });

  it("turns two concurrent sends into one request and one 409", async () => {
    const [a, b, c] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const same = await Promise.all([
      sendRaw(a, "interested", b.me._id),
      sendRaw(a, "interested", b.me._id),
    ]);
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsBetween(a, b)).toHaveLength(1);

    const crossed = await Promise.all([
      sendRaw(a, "interested", c.me._id),
      sendRaw(c, "interested", a.me._id),
    ]);
    expect(crossed.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await rowsBetween(a, c)).toHaveLength(1);
  });
});

describe("GET /api/user/requests/received", () => {
  it("lists only pending requests sent to me, newest first, with the sender's card", async () => {
    const me = await signUpUser(app, { firstName: "Me" });
    const first = await signUpUser(app, { firstName: "First", skills: ["Chess", "Go", "Tea"] });
    const second = await signUpUser(app, { firstName: "Second" });
    const ignorer = await signUpUser(app, { firstName: "Ignorer" });
    const accepted = await signUpUser(app, { firstName: "Accepted" });
    const target = await signUpUser(app, { firstName: "Target" });

    const firstId = await send(first, "interested", me);
    const secondId = await send(second, "interested", me);
    await send(ignorer, "ignored", me);
    const acceptedId = await send(accepted, "interested", me);
    expect((await reviewRaw(me, "accepted", acceptedId)).statusCode).toBe(200);
    await send(me, "interested", target);

    const list = await received(me);
    expect(list.map((request) => request._id)).toEqual([secondId, firstId]);
    const oldest = list[1];
    expect(oldest?.fromUserId._id).toBe(first.me._id);
    expect(oldest?.fromUserId.skills).toEqual(["Chess", "Go", "Tea"]);
    expect(Object.keys(oldest?.fromUserId ?? {}).sort()).toEqual([...cardKeys].sort());
    expect(new Date(oldest?.createdAt ?? "").getTime()).not.toBeNaN();

    expect((await received(target)).map((request) => request.fromUserId._id)).toEqual([me.me._id]);
    expect(await received(first)).toEqual([]);
  });
});

describe("POST /api/request/review/:status/:requestId", () => {
  it("lets the recipient accept a pending request, once", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    const response = await reviewRaw(b, "accepted", requestId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 1,
      data: { _id: requestId, status: "accepted" },
    });

    for (const status of ["accepted", "rejected"]) {
      const again = await reviewRaw(b, status, requestId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ status: 0, code: "REQUEST_NOT_FOUND" });
    }
    expect(await received(b)).toEqual([]);
  });

  it("lets the recipient reject a pending request", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    const response = await reviewRaw(b, "rejected", requestId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ _id: requestId, status: "rejected" });
    expect(await received(b)).toEqual([]);
  });

  it("refuses a review by a third user or by the sender", async () => {
    const [a, b, c] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    for (const reviewer of [c, a]) {
      const response = await reviewRaw(reviewer, "accepted", requestId);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("REQUEST_NOT_FOUND");
    }
    const [row] = await rowsBetween(a, b);
    expect(row?.status).toBe("interested");
  });

  it("refuses to review an ignored request", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "ignored", b);
    const response = await reviewRaw(b, "accepted", requestId);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("REQUEST_NOT_FOUND");
    const [row] = await rowsBetween(a, b);
    expect(row?.status).toBe("ignored");
  });

  it("refuses a status other than accepted or rejected, and unknown or malformed ids", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    for (const status of ["interested", "ignored", "maybe"]) {
      const response = await reviewRaw(b, status, requestId);
      expect(response.statusCode, status).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "Status must be accepted or rejected.",
      });
    }
    for (const id of ["5b0f9c1e-3f44-4c1a-9d7e-0a1b2c3d4e5f", "12345"]) {
      const response = await reviewRaw(b, "accepted", id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe("REQUEST_NOT_FOUND");
    }
  });

  it("turns two concurrent reviews into one success and one 404", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    const responses = await Promise.all([
      reviewRaw(b, "accepted", requestId),
      reviewRaw(b, "rejected", requestId),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
  });
});

describe("GET /api/user/connections", () => {
  it("lists accepted requests in either direction, newest connection first, and nothing else", async () => {
    const me = await signUpUser(app, { firstName: "Me" });
    const iSent = await signUpUser(app, { firstName: "ISent" });
    const theySent = await signUpUser(app, { firstName: "TheySent" });
    const rejected = await signUpUser(app, { firstName: "Rejected" });
    const pending = await signUpUser(app, { firstName: "Pending" });
    const ignored = await signUpUser(app, { firstName: "Ignored" });

    const toTheySent = await send(theySent, "interested", me);
    const toISent = await send(me, "interested", iSent);
    const toRejected = await send(rejected, "interested", me);
    await send(pending, "interested", me);
    await send(me, "ignored", ignored);

    expect((await reviewRaw(me, "accepted", toTheySent)).statusCode).toBe(200);
    expect((await reviewRaw(iSent, "accepted", toISent)).statusCode).toBe(200);
    expect((await reviewRaw(me, "rejected", toRejected)).statusCode).toBe(200);

    const mine = await connections(me);
    expect(mine.map((card) => card.firstName)).toEqual(["ISent", "TheySent"]);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual([...cardKeys, "publicId"].sort());
    expect(mine[0]?.publicId).toMatch(/^[A-Za-z0-9_-]+$/);

    expect((await connections(iSent)).map((card) => card._id)).toEqual([me.me._id]);
    expect((await connections(theySent)).map((card) => card._id)).toEqual([me.me._id]);
    expect(await connections(rejected)).toEqual([]);
    expect(await connections(pending)).toEqual([]);
  });
});

describe("DELETE /api/request/:requestId (undo)", () => {
  function undoRaw(user: Session, requestId: string) {
    return app.inject({
      method: "DELETE",
      url: `/api/request/${requestId}`,
      headers: user.headers,
    });
  }

  it("deletes my interested or ignored request, so the person comes back to my feed", async () => {
    const [a, b, c] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const interested = await send(a, "interested", b);
    const ignored = await send(a, "ignored", c);
    for (const requestId of [interested, ignored]) {
      const response = await undoRaw(a, requestId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 1, data: { _id: requestId } });
    }
    expect(await rowsBetween(a, b)).toHaveLength(0);
    expect(await rowsBetween(a, c)).toHaveLength(0);
    expect(await received(b)).toEqual([]);
    const feed = await app.inject({ method: "GET", url: "/api/feed?limit=50", headers: a.headers });
    const ids = (feed.json().data as Card[]).map((card) => card._id);
    expect(ids).toEqual(expect.arrayContaining([b.me._id, c.me._id]));
    // Undone means a new decision can be sent.
    expect((await sendRaw(a, "interested", b.me._id)).statusCode).toBe(201);
  });

  it("answers 404 once the request was answered, for someone else's request and for unknown ids", async () => {
    const [a, b, c] = [await signUpUser(app), await signUpUser(app), await signUpUser(app)];
    const accepted = await send(a, "interested", b);
    expect((await reviewRaw(b, "accepted", accepted)).statusCode).toBe(200);
    const pending = await send(c, "interested", a);
    for (const [user, requestId] of [
      [a, accepted],
      [b, accepted],
      [a, pending],
      [b, pending],
      [a, "5b0f9c1e-3f44-4c1a-9d7e-0a1b2c3d4e5f"],
      [a, "not-a-uuid"],
    ] as const) {
      const response = await undoRaw(user, requestId);
      expect(response.statusCode, requestId).toBe(404);
      expect(response.json()).toMatchObject({ status: 0, code: "REQUEST_NOT_FOUND" });
    }
    expect(await rowsBetween(a, b)).toHaveLength(1);
    expect(await rowsBetween(a, c)).toHaveLength(1);
  });

  it("needs a session and the XSRF header", async () => {
    const [a, b] = [await signUpUser(app), await signUpUser(app)];
    const requestId = await send(a, "interested", b);
    const anonymous = await app.inject({
      method: "DELETE",
      url: `/api/request/${requestId}`,
      headers: await anonymousHeaders(app),
    });
    expect(anonymous.statusCode).toBe(401);
    const noXsrf = await app.inject({
      method: "DELETE",
      url: `/api/request/${requestId}`,
      headers: { cookie: a.headers.cookie },
    });
    expect(noXsrf.statusCode).toBe(403);
    expect(await rowsBetween(a, b)).toHaveLength(1);
  });
});

describe("GET /api/user/requests/sent (the people I passed, my requests waiting)", () => {
  type Sent = { _id: string; toUserId: Card; status: string; createdAt: string };
  async function sentPage(user: Session, query: string) {
    const response = await call(app, user, "GET", `/api/user/requests/sent${query}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(/example\.com|emailId|password/i);
    const body = response.json() as { data: Sent[]; nextCursor: string | null };
    expect(response.headers["x-next-cursor"] ?? null).toBe(body.nextCursor);
    return body;
  }
  /** Every page of the list, `limit` at a time: the names in order. */
  async function allNames(user: Session, status: string, limit: number): Promise<string[]> {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await sentPage(
        user,
        `?status=${status}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      );
      names.push(...page.data.map((sent) => sent.toUserId.firstName));
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  }

  it("lists my unanswered requests by status, newest first, a page at a time", async () => {
    const me = await signUpUser(app);
    const people: Session[] = [];
    for (const firstName of ["Ann", "Bea", "Cy", "Dee", "Eve"]) {
      people.push(await signUpUser(app, { firstName }));
    }
    const [ann, bea, cy, dee, eve] = people as [Session, Session, Session, Session, Session];
    await send(me, "ignored", ann);
    await send(me, "ignored", bea);
    await send(me, "ignored", cy);
    const waiting = await send(me, "interested", dee);
    const answered = await send(me, "interested", eve);
    expect((await reviewRaw(eve, "rejected", answered)).statusCode).toBe(200);
    // Requests sent to me are not mine.
    const other = await signUpUser(app, { firstName: "Fay" });
    await send(other, "ignored", me);

    expect(await allNames(me, "ignored", 2)).toEqual(["Cy", "Bea", "Ann"]);
    expect(await allNames(me, "ignored", 1)).toEqual(["Cy", "Bea", "Ann"]);
    const pending = await sentPage(me, "?status=interested");
    expect(pending).toMatchObject({
      nextCursor: null,
      data: [{ _id: waiting, status: "interested" }],
    });
    expect(Object.keys(pending.data[0]?.toUserId ?? {}).sort()).toEqual(cardKeys);
    expect(pending.data[0]?.toUserId._id).toBe(dee.me._id);
    // No status: both, newest first; the rejected one is answered and not listed.
    expect((await sentPage(me, "")).data.map((sent) => sent.toUserId.firstName)).toEqual([
      "Dee",
      "Cy",
      "Bea",
      "Ann",
    ]);
  });

  it("drops a person once undone, and the other no longer sees a withdrawn request", async () => {
    const [me, ann, bea] = [
      await signUpUser(app),
      await signUpUser(app, { firstName: "Ann" }),
      await signUpUser(app, { firstName: "Bea" }),
    ];
    const ignored = await send(me, "ignored", ann);
    const waiting = await send(me, "interested", bea);
    expect((await received(bea)).map((request) => request._id)).toEqual([waiting]);

    expect((await call(app, me, "DELETE", `/api/request/${waiting}`)).statusCode).toBe(200);
    expect(await received(bea)).toEqual([]);
    expect((await sentPage(me, "?status=interested")).data).toEqual([]);

    expect((await call(app, me, "DELETE", `/api/request/${ignored}`)).statusCode).toBe(200);
    expect((await sentPage(me, "?status=ignored")).data).toEqual([]);
  });

  it("leaves out someone blocked since", async () => {
    const [me, ann, bea] = [
      await signUpUser(app),
      await signUpUser(app, { firstName: "Ann" }),
      await signUpUser(app, { firstName: "Bea" }),
    ];
    await send(me, "ignored", ann);
    await send(me, "ignored", bea);
    expect((await call(app, ann, "POST", `/api/user/block/${me.me._id}`)).statusCode).toBe(201);
    expect(await allNames(me, "ignored", 10)).toEqual(["Bea"]);
  });

  it("answers a bad status, limit or cursor with a 400 and no session with a 401", async () => {
    const me = await signUpUser(app);
    for (const query of [
      "?status=accepted",
      "?status=",
      "?limit=0",
      "?limit=51",
      "?limit=x",
      "?cursor=abc",
      "?cursor=%00",
      `?cursor=${"a".repeat(201)}`,
    ]) {
      const response = await call(app, me, "GET", `/api/user/requests/sent${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: 0, code: "VALIDATION_ERROR" });
    }
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/user/requests/sent",
      headers: await anonymousHeaders(app),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
