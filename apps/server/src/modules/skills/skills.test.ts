import { normalizeSkill } from "@kindred/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appForFile, appsForFile, signUpUser } from "../../../test/helpers.ts";
import { syncVocabulary } from "./repository.ts";
import { buildVocabulary, canonicalSkill, skillRows, vocabulary } from "./vocabulary.ts";

const app = await appForFile();
const openApp = appsForFile();

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

type Suggestion = { name: string; aliases: string[]; people: number };

async function suggest(q: string, limit?: number): Promise<Suggestion[]> {
  const query = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const response = await app.inject({ method: "GET", url: `/api/skills?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json().data as Suggestion[];
}

describe("the skill vocabulary", () => {
  it("normalises case, spaces and width, and keeps + # . meaningful", () => {
    expect(normalizeSkill("  Machine   Learning ")).toBe("machine learning");
    expect(normalizeSkill("ＪａｖａＳｃｒｉｐｔ")).toBe("javascript");
    const keys = ["C", "C++", "C#", ".NET"].map(normalizeSkill);
    expect(new Set(keys).size).toBe(4);
  });

  it("names one canonical skill for js, JS, javascript and JavaScript; C++ and C stay apart", () => {
    const canonical = ["js", "JS", "javascript", "JavaScript", " Java Script "].map(canonicalSkill);
    expect(canonical.slice(0, 4)).toEqual(["javascript", "javascript", "javascript", "javascript"]);
    expect(canonicalSkill("cpp")).toBe("c++");
    expect(canonicalSkill("C++")).toBe("c++");
    expect(canonicalSkill("C")).toBe("c");
    expect(canonicalSkill("C#")).toBe("c#");
    expect(canonicalSkill("coding")).toBe("programming");
    expect(canonicalSkill("data structures and algorithms")).toBe("dsa");
    expect(canonicalSkill("Underwater Knitting")).toBe("underwater knitting");
  });

  it("relates frameworks to their language and fields to their sub-fields, both ways", () => {
    const pairs = new Set(vocabulary().relations.map(([a, b]) => `${a}>${b}`));
    expect(pairs.has("react>javascript")).toBe(true);
    expect(pairs.has("javascript>react")).toBe(true);
    expect(pairs.has("machine learning>deep learning")).toBe(true);
    expect(pairs.has("math>linear algebra")).toBe(true);
  });

  it("keeps every alias and name within the column's 30 characters, and names win over aliases", () => {
    const built = buildVocabulary([
      { name: "Alpha", aliases: ["beta", "x".repeat(31)] },
      { name: "Beta" },
    ]);
    expect(built.aliases.get("beta")).toBe("beta");
    expect(built.aliases.has("x".repeat(31))).toBe(false);
    for (const [alias, canonical] of vocabulary().aliases) {
      expect(Array.from(alias).length).toBeLessThanOrEqual(30);
      expect(Array.from(canonical).length).toBeLessThanOrEqual(30);
    }
  });

  it("stores one row per spelling that normalises alike", () => {
    expect(skillRows(["JS", "js ", "Java  Script", "React"])).toEqual([
      { skill: "js", canonical: "javascript" },
      { skill: "java script", canonical: "java script" },
      { skill: "react", canonical: "react" },
    ]);
  });
});

describe("loading the vocabulary on start", () => {
  it("fills the tables and gives each stored skill its canonical skill, once for two starts", async () => {
    const fresh = await openApp();
    const aliases = await fresh.db.execute(sql`select count(*)::int as n from skill_aliases`);
    expect((rowsOf(aliases)[0] as { n: number }).n).toBe(vocabulary().aliases.size);
    // A row written without a canonical skill (an older writer) is given one at the next load.
    const person = await signUpUser(fresh, { skills: ["JS", "Cooking", "Knitting"] });
    await fresh.db.execute(
      sql`update user_skills set canonical = '' where user_id = ${person.me._id}`,
    );
    const results = await Promise.all([
      syncVocabulary(fresh.db, vocabulary()),
      syncVocabulary(fresh.db, vocabulary()),
    ]);
    expect(results).toEqual([false, false]);
    const rows = await fresh.db.execute(
      sql`select skill, canonical from user_skills where user_id = ${person.me._id} order by skill`,
    );
    expect(rowsOf(rows)).toEqual([
      { skill: "cooking", canonical: "cooking" },
      { skill: "js", canonical: "javascript" },
      { skill: "knitting", canonical: "knitting" },
    ]);
  });

  it("replaces a changed vocabulary and moves people's skills to the new canonical skill", async () => {
    const fresh = await openApp();
    const person = await signUpUser(fresh, { skills: ["js", "Cooking", "Knitting"] });
    const changed = buildVocabulary([{ name: "Script Things", aliases: ["js"] }]);
    expect(await syncVocabulary(fresh.db, changed)).toBe(true);
    const rows = await fresh.db.execute(
      sql`select canonical from user_skills where user_id = ${person.me._id} and skill = 'js'`,
    );
    expect(rowsOf(rows)).toEqual([{ canonical: "script things" }]);
    expect(await syncVocabulary(fresh.db, vocabulary())).toBe(true);
    const back = await fresh.db.execute(
      sql`select canonical from user_skills where user_id = ${person.me._id} and skill = 'js'`,
    );
    expect(rowsOf(back)).toEqual([{ canonical: "javascript" }]);
  });
});

describe("GET /api/skills", () => {
  it("suggests canonical skills by alias or prefix, with how many people have each", async () => {
    await signUpUser(app, { skills: ["JS", "Cooking", "Chess"] });
    await signUpUser(app, { skills: ["javascript", "JavaScript ", "Hiking", "Chess"] });
    await signUpUser(app, { skills: ["Tatting", "Chess", "Go"] });

    const js = await suggest("js");
    expect(js[0]).toMatchObject({ name: "JavaScript", people: 2 });
    expect(js[0]?.aliases).toContain("js");

    const java = await suggest("Java");
    expect(java.map((s) => s.name)).toEqual(expect.arrayContaining(["Java", "JavaScript"]));

    // A skill nobody's vocabulary knows is suggested from the people who typed it.
    expect(await suggest("tatt")).toEqual([{ name: "tatting", aliases: [], people: 1 }]);
    // Similar, not only starting with it.
    expect((await suggest("javasript")).map((s) => s.name)).toContain("JavaScript");
    // Trigrams ignore punctuation, so C may follow, but what starts with "c++" comes first.
    expect((await suggest("C++"))[0]?.name).toBe("C++");
    expect((await suggest("c#"))[0]?.name).toBe("C#");
    expect(await suggest("a", 3)).toHaveLength(3);
  });

  it('suggests the canonical name for a typo too far for trigrams: "pyhton" is Python', async () => {
    // similarity("pyhton", "python") is 0.27, under pg_trgm's 0.3; one swap in edits.
    const typo = await suggest("pyhton");
    expect(typo[0]?.name).toBe("Python");
    // No canonical name within the edits a short word allows: nothing made up.
    expect((await suggest("qzx")).map((s) => s.name)).not.toContain("Python");
  });

  it("is public: the signup form asks before there is a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/skills?q=chess" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, data: [{ name: "Chess" }] });
  });

  it("answers 400 for a missing, empty, long or NUL q and a bad limit", async () => {
    for (const query of [
      "",
      "q=",
      "q=%20%20",
      `q=${"x".repeat(31)}`,
      "q=a%00b",
      "q=js&limit=0",
      "q=js&limit=51",
      "q=js&limit=abc",
      "q=js&limit=1.5",
      "q=js&q=ts",
    ]) {
      const response = await app.inject({ method: "GET", url: `/api/skills?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 0 });
    }
  });

  it("treats LIKE wildcards in q as text", async () => {
    expect(await suggest("%")).toEqual([]);
    expect(await suggest("_")).toEqual([]);
  });
});
