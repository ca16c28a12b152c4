import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "@/config/ui.ts";
import { decodeToken, dropToken, readToken, storeToken, tokenState } from "./community-token.ts";

function fakeToken(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}.signature`;
}

const id = "7fa0b4e1-fc4a-4cc9-aa91-ca9c7016cbe8";

afterEach(() => {
  window.localStorage.clear();
});

describe("the community token on the client", () => {
  it("reads the id, name and expiry, names with any characters included", () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    expect(decodeToken(fakeToken({ id, uname: "Zoë Ω", exp }))).toEqual({
      id,
      uname: "Zoë Ω",
      exp,
    });
  });

  it("treats a token that cannot be decoded, has no id or has expired as invalid", () => {
    expect(tokenState(null)).toEqual({ kind: "none" });
    for (const token of [
      "garbage",
      "a.b.c",
      fakeToken({ uname: "no id" }),
      fakeToken({ id: "", uname: "x" }),
      fakeToken({ id, uname: "x", exp: Math.floor(Date.now() / 1000) - 1 }),
    ]) {
      expect(tokenState(token).kind, token).toBe("invalid");
    }
    expect(tokenState(fakeToken({ id, uname: "x" })).kind).toBe("valid");
  });

  it("is kept under u_token and dropped from there", () => {
    storeToken("t.o.k");
    expect(window.localStorage.getItem(STORAGE_KEYS.communityToken)).toBe("t.o.k");
    expect(readToken()).toBe("t.o.k");
    dropToken();
    expect(readToken()).toBeNull();
  });
});
