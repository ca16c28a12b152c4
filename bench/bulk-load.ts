/**
 * The benchmark people of generate.ts written to PostgreSQL with `COPY … FROM STDIN`: the same
 * seeded draws as loadData (createPeopleGenerator), streamed as text-format rows in chunks,
 * one COPY per table. For loads of a million people, where loadData's JSON batches take minutes;
 * PGlite keeps loadData.
 *
 * The tables' triggers fire on COPY as on INSERT and are kept: a person's row numbers a card
 * change (users_people_changed, deferred to the COPY's commit), a skill row takes its person's
 * creation time (user_skills_created_at) and requests renumber their people's relations
 * (connection_requests_made, once per statement). The foreign keys are checked row by row too.
 */
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema.ts";
import { loadSkillVocabulary } from "../apps/server/src/modules/skills/service.ts";
import { skillRows as canonicalRows } from "../apps/server/src/modules/skills/vocabulary.ts";
import { createPeopleGenerator, type LoadedData, type LoadOptions } from "./generate.ts";

/** Rows per chunk written to the COPY stream (a few hundred kB each). */
const CHUNK_ROWS = 2_000;

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
function field(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] as string);
}

/** A text[] literal, every element quoted (before the COPY escaping of the whole field). */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}

/** Joins the lines `rows` makes into chunks of CHUNK_ROWS rows. */
function* chunks(rows: Iterable<string>): Generator<string> {
  let chunk = "";
  let count = 0;
  for (const row of rows) {
    chunk += row;
    if (++count === CHUNK_ROWS) {
      yield chunk;
      chunk = "";
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

/** Streams `rows` (text-format lines) into `statement`, a COPY … FROM STDIN; its own transaction. */
async function copy(client: pg.Client, statement: string, rows: Iterable<string>) {
  await pipeline(Readable.from(chunks(rows)), client.query(copyFrom(statement)));
}

export type LoadStep = "vocabulary" | "users" | "user_skills" | "connection_requests" | "analyze";

/**
 * Loads the people, skills and requests loadData would load with the same options into the
 * PostgreSQL database at `url` (migrated already), with COPY, then analyzes it. `onStep` hears how
 * long each step took, in milliseconds.
 */
export async function loadDataByCopy(
  url: string,
  {
    userCount,
    requestCount,
    seed = 42,
    now = Date.now(),
    onStep,
  }: LoadOptions & { onStep?: (step: LoadStep, ms: number) => void },
): Promise<LoadedData> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let began = performance.now();
    const step = (name: LoadStep) => {
      const at = performance.now();
      onStep?.(name, at - began);
      began = at;
    };
    // The skill vocabulary first, as a start loads it: skill rows name their canonical skill.
    await loadSkillVocabulary(drizzle({ client, schema }) as unknown as Database);
    step("vocabulary");

    const generator = createPeopleGenerator(seed, now);
    const userIds: string[] = new Array(userCount);
    const skills: string[][] = new Array(userCount);
    function* userLines(): Generator<string> {
      for (let index = 0; index < userCount; index++) {
        const user = generator.person(index);
        userIds[index] = user.id;
        skills[index] = user.skills;
        yield `${user.id}\t${field(user.email)}\tbench-not-a-hash\t${field(user.first_name)}\t${field(
          user.last_name,
        )}\t${user.age}\t${field(user.gender)}\t${field(user.about)}\t${field(
          arrayLiteral(user.skills),
        )}\t${user.public_id}\t${user.created_at}\t${user.created_at}\t${user.created_at}\n`;
      }
    }
    await copy(
      client,
      `copy users (id, email, password_hash, first_name, last_name, age, gender, about, skills,
        public_id, created_at, updated_at, email_verified_at) from stdin`,
      userLines(),
    );
    step("users");

    let skillRows = 0;
    function* skillLines(): Generator<string> {
      for (let index = 0; index < userCount; index++) {
        const id = userIds[index] as string;
        for (const row of canonicalRows(skills[index] as string[])) {
          skillRows++;
          yield `${id}\t${field(row.skill)}\t${field(row.canonical)}\n`;
        }
        skills[index] = [];
      }
    }
    await copy(client, "copy user_skills (user_id, skill, canonical) from stdin", skillLines());
    step("user_skills");

    let requestRows = 0;
    function* requestLines(): Generator<string> {
      for (const request of generator.requests(userCount, requestCount)) {
        requestRows++;
        yield `${userIds[request.from]}\t${userIds[request.to]}\t${request.status}\t${request.created_at}\t${request.created_at}\n`;
      }
    }
    await copy(
      client,
      "copy connection_requests (from_user_id, to_user_id, status, created_at, updated_at) from stdin",
      requestLines(),
    );
    step("connection_requests");

    await client.query("analyze");
    step("analyze");
    return { userIds, requestCount: requestRows, skillRows };
  } finally {
    await client.end();
  }
}
