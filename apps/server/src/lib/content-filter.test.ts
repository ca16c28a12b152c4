import { describe, expect, it } from "vitest";
import { checkTexts, hasSlur } from "./content-filter.ts";

const check = (text: string) => checkTexts([text]);

describe("checkTexts", () => {
  it("answers null for ordinary text", () => {
    for (const text of [
      "Anyone up for a study session on Python tonight? I'll bring notes for chapter 4.",
      "The class assignment is due 2026-11-27, see you 9.30-11.00 in room 204.",
      "I worked there 2019-2023 and scored 98.5 in the final.",
      "Run main.py, then read README.md and build.sh (lib.rs too).",
      "Van Dyke, Negroponte, Fagan, Hancock, Cockburn and Scunthorpe",
      "e.g. this, i.e. that, version 3.14",
    ]) {
      expect(check(text), text).toBeNull();
    }
  });

  it("finds obscenity through leetspeak and look-alike letters", () => {
    expect(check("what the fuck")).toEqual({ rules: ["obscenity"], matches: ["fuck"] });
    expect(check("you are full of sh1t")?.rules).toEqual(["obscenity"]);
    expect(check("ʃ𝐟ʃὗƈｋ off")?.rules).toEqual(["obscenity"]);
  });

  it("tells slurs from other obscenity", () => {
    expect(check("you f4gg0t")).toEqual({ rules: ["slur"], matches: ["f4gg0t"] });
    expect(check("n1gg3r")?.rules).toEqual(["slur"]);
    expect(check("ｎｉｇｇｅｒ")?.rules).toEqual(["slur"]);
    expect(check("damn bitch, you kike")).toEqual({
      rules: ["slur", "obscenity"],
      matches: ["bitch", "kike"],
    });
    expect(hasSlur("Chinky")).toBe(true);
    expect(hasSlur("fucking hell")).toBe(false);
    expect(hasSlur("Fagan")).toBe(false);
    // A name that is also a rude word is obscenity, never refused as a slur.
    expect(check("Dick")?.rules).toEqual(["obscenity"]);
  });

  it("finds links with a scheme, www and bare domains", () => {
    expect(check("see https://example.org/path?x=1.")).toEqual({
      rules: ["link"],
      matches: ["https://example.org/path?x=1"],
    });
    expect(check("free money at bit.ly/x3Fz")?.matches).toEqual(["bit.ly/x3Fz"]);
    expect(check("visit example.com now")?.matches).toEqual(["example.com"]);
    expect(check("www.scam.biz")?.matches).toEqual(["www.scam.biz"]);
    expect(check("write me on t.me/joe or at joe@mail.com")?.matches).toEqual(["t.me/joe"]);
  });

  it("finds phone numbers with separators and international forms", () => {
    expect(check("call 555 123 4567")).toEqual({ rules: ["phone"], matches: ["555 123 4567"] });
    expect(check("call (030) 1234-567")?.rules).toEqual(["phone"]);
    expect(check("whatsapp +44 7911 123456")?.matches).toEqual(["+44 7911 123456"]);
    expect(check("+4915112345678")?.rules).toEqual(["phone"]);
    expect(check("5551234567")?.rules).toEqual(["phone"]);
    expect(check("room 1234567")).toBeNull();
    expect(check("12 people came")).toBeNull();
  });

  it("checks several texts together and can leave links and phones out", () => {
    expect(checkTexts(["a title", "call 555-123-4567", null, "shit"])).toEqual({
      rules: ["obscenity", "phone"],
      matches: ["555-123-4567", "shit"],
    });
    expect(
      checkTexts(["my site: example.com, call 555 123 4567"], { links: false, phones: false }),
    ).toBeNull();
  });

  it("is cheap enough for chat", () => {
    check("warm up");
    const text = "Hey, are you coming to the study group tonight? I'll bring the notes and snacks.";
    const started = performance.now();
    for (let i = 0; i < 200; i++) check(text);
    expect((performance.now() - started) / 200).toBeLessThan(5);
  });
});
