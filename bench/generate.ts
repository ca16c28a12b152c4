import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";
import { loadSkillVocabulary } from "../apps/server/src/modules/skills/service.ts";
import { skillRows as canonicalRows } from "../apps/server/src/modules/skills/vocabulary.ts";

/** Skills people put on a profile, roughly most common first (the generator favours the top). */
export const SKILL_POOL = [
  "JavaScript",
  "Python",
  "React",
  "Java",
  "SQL",
  "TypeScript",
  "Node.js",
  "C++",
  "HTML",
  "CSS",
  "Machine Learning",
  "Data Analysis",
  "Git",
  "Excel",
  "Public Speaking",
  "Photography",
  "Guitar",
  "Cooking",
  "Chess",
  "Football",
  "Basketball",
  "Running",
  "Yoga",
  "Drawing",
  "Writing",
  "Video Editing",
  "UI Design",
  "UX Research",
  "Figma",
  "Marketing",
  "Statistics",
  "Calculus",
  "Linear Algebra",
  "Physics",
  "Chemistry",
  "Biology",
  "Economics",
  "Finance",
  "Accounting",
  "Spanish",
  "French",
  "German",
  "Japanese",
  "Mandarin",
  "Arabic",
  "Piano",
  "Singing",
  "Dancing",
  "Hiking",
  "Cycling",
  "Swimming",
  "Tennis",
  "Climbing",
  "Gaming",
  "Game Development",
  "Unity",
  "Blender",
  "3D Modeling",
  "Go",
  "Rust",
  "Kotlin",
  "Swift",
  "Flutter",
  "Android",
  "iOS",
  "Docker",
  "Kubernetes",
  "AWS",
  "Linux",
  "Networking",
  "Cybersecurity",
  "Cryptography",
  "Blockchain",
  "Data Visualization",
  "Deep Learning",
  "NLP",
  "Computer Vision",
  "Robotics",
  "Arduino",
  "Electronics",
  "Mechanical Design",
  "CAD",
  "Architecture",
  "Interior Design",
  "Fashion",
  "Knitting",
  "Gardening",
  "Baking",
  "Coffee",
  "Wine",
  "Film",
  "Theatre",
  "Poetry",
  "History",
  "Philosophy",
  "Psychology",
  "Sociology",
  "Law",
  "Debate",
  "Volunteering",
  "Entrepreneurship",
  "Product Management",
  "Project Management",
  "Leadership",
  "Podcasting",
  "Blogging",
  "Content Writing",
  "SEO",
  "Sales",
  "Negotiation",
  "Meditation",
  "Nutrition",
  "Fitness",
  "Martial Arts",
  "Skateboarding",
  "Surfing",
  "Travel",
  "Astronomy",
  "Mathematics",
  "Algorithms",
  "DSA",
  "Competitive Programming",
  "Open Source",
];

const FIRST_NAMES = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hiro",
  "Ines",
  "Jonas",
  "Kemi",
  "Liam",
  "Maya",
  "Noah",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Umar",
  "Vera",
  "Wei",
  "Yara",
];
const LAST_NAMES = [
  "Adams",
  "Bauer",
  "Costa",
  "Diaz",
  "Evans",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Müller",
  "Nakamura",
  "Okafor",
  "Patel",
  "Rossi",
  "Silva",
  "Tanaka",
  "Weber",
];
const GENDERS = ["male", "female", "other"] as const;
const STATUSES = [
  ["interested", 0.4],
  ["ignored", 0.3],
  ["accepted", 0.2],
  ["rejected", 0.1],
] as const;

/** A small seeded PRNG (mulberry32) so every run loads the same data. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type GeneratedUser = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  age: number;
  gender: string;
  about: string;
  skills: string[];
  public_id: string;
  created_at: string;
};

/** A request between the `from`-th and the `to`-th generated person (indexes, not ids). */
export type GeneratedRequest = { from: number; to: number; status: string; created_at: string };

export type LoadedData = { userIds: string[]; requestCount: number; skillRows: number };

export type LoadOptions = {
  userCount: number;
  requestCount: number;
  seed?: number;
  /** The instant creation times count back from (default: now); fixed only to compare loads. */
  now?: number;
};

export type PeopleGenerator = {
  /** The `index`-th person: 3–8 skills each, popular skills more likely. */
  person: (index: number) => GeneratedUser;
  /**
   * `requestCount` requests between random distinct people (one per unordered pair, mixed
   * statuses), at most one per pair there is.
   */
  requests: (userCount: number, requestCount: number) => Generator<GeneratedRequest>;
};

/**
 * The draws both loaders write (loadData here, loadDataByCopy in bulk-load.ts), from one seeded
 * random stream: people 0, 1, … in order, then the requests once, so that the same seed gives
 * the same people, skills and requests whichever loader writes them. Ids (`id`, `public_id`) are
 * random UUIDs, not drawn from the seed, as before.
 */
export function createPeopleGenerator(seed: number, now: number): PeopleGenerator {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Zipf-like weights: the first skills are a few times more common than the last ones.
  const weights = SKILL_POOL.map((_, index) => 1 / (index + 8) ** 0.9);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pickSkill = (): string => {
    let target = random() * totalWeight;
    for (let index = 0; index < SKILL_POOL.length; index++) {
      target -= weights[index] as number;
      if (target <= 0) return SKILL_POOL[index] as string;
    }
    return SKILL_POOL[SKILL_POOL.length - 1] as string;
  };
  const twoYears = 2 * 365 * 24 * 3600 * 1000;

  const person = (index: number): GeneratedUser => {
    const skillCount = 3 + Math.floor(random() * 6);
    const skills = new Set<string>();
    while (skills.size < skillCount) skills.add(pickSkill());
    const firstName = pick(FIRST_NAMES);
    return {
      id: randomUUID(),
      email: `bench-${index}@kindred.test`,
      first_name: firstName,
      last_name: pick(LAST_NAMES),
      age: 17 + Math.floor(random() * 30),
      gender: pick(GENDERS),
      about: `${firstName} likes meeting people who share their interests.`,
      skills: [...skills],
      public_id: randomUUID().replaceAll("-", ""),
      created_at: new Date(now - Math.floor(random() * twoYears)).toISOString(),
    };
  };

  function* requests(userCount: number, requestCount: number): Generator<GeneratedRequest> {
    // A pair's key is a number (lower index × userCount + higher): exact up to 94 million people.
    const pairs = new Set<number>();
    const maxRequests = Math.min(requestCount, (userCount * (userCount - 1)) / 2);
    while (pairs.size < maxRequests) {
      const a = Math.floor(random() * userCount);
      const b = Math.floor(random() * userCount);
      if (a === b) continue;
      const key = a < b ? a * userCount + b : b * userCount + a;
      if (pairs.has(key)) continue;
      pairs.add(key);
      let roll = random();
      let status: string = STATUSES[0][0];
      for (const [candidate, share] of STATUSES) {
        roll -= share;
        if (roll <= 0) {
          status = candidate;
          break;
        }
      }
      yield {
        from: a,
        to: b,
        status,
        created_at: new Date(now - Math.floor(random() * twoYears)).toISOString(),
      };
    }
  }

  return { person, requests };
}

/**
 * Loads `userCount` users (3–8 skills each, popular skills more likely) and `requestCount`
 * requests between random distinct pairs (one per unordered pair, mixed statuses), in batches
 * passed as one JSON parameter each. Planner statistics are left to the caller. Works on both
 * databases; on PostgreSQL, loadDataByCopy (bulk-load.ts) writes the same people faster.
 */
export async function loadData(
  db: Database,
  { userCount, requestCount, seed = 42, now = Date.now() }: LoadOptions,
): Promise<LoadedData> {
  // The skill vocabulary, as a start loads it: the feed ranks by canonical and related skills.
  await loadSkillVocabulary(db);
  const generator = createPeopleGenerator(seed, now);
  const users: GeneratedUser[] = [];
  for (let index = 0; index < userCount; index++) users.push(generator.person(index));

  let skillRows = 0;
  for (let start = 0; start < users.length; start += 2000) {
    const batch = users.slice(start, start + 2000);
    await db.execute(sql`
      insert into users (id, email, password_hash, first_name, last_name, age, gender, about,
        skills, public_id, created_at, updated_at, email_verified_at)
      select id, email, 'bench-not-a-hash', first_name, last_name, age, gender, about, skills,
        public_id, created_at, created_at, created_at
      from json_to_recordset(${JSON.stringify(batch)}::json) as t(id uuid, email text,
        first_name text, last_name text, age smallint, gender text, about text, skills text[],
        public_id text, created_at timestamptz)
    `);
    const skills = batch.flatMap((user) =>
      canonicalRows(user.skills).map((row) => ({ user_id: user.id, ...row })),
    );
    skillRows += skills.length;
    await db.execute(sql`
      insert into user_skills (user_id, skill, canonical)
      select user_id, skill, canonical
      from json_to_recordset(${JSON.stringify(skills)}::json)
        as t(user_id uuid, skill text, canonical text)
    `);
  }

  const requests = [...generator.requests(userCount, requestCount)].map((request) => ({
    from_user_id: (users[request.from] as GeneratedUser).id,
    to_user_id: (users[request.to] as GeneratedUser).id,
    status: request.status,
    created_at: request.created_at,
  }));
  for (let start = 0; start < requests.length; start += 10_000) {
    const batch = requests.slice(start, start + 10_000);
    await db.execute(sql`
      insert into connection_requests (from_user_id, to_user_id, status, created_at, updated_at)
      select from_user_id, to_user_id, status, created_at, created_at
      from json_to_recordset(${JSON.stringify(batch)}::json) as t(from_user_id uuid,
        to_user_id uuid, status text, created_at timestamptz)
    `);
  }
  return { userIds: users.map((user) => user.id), requestCount: requests.length, skillRows };
}

/**
 * Records today's and tomorrow's daily picks (decision 129) as made for everyone loaded. The
 * generated people are all in UTC: once 09:00 UTC has passed, the picks job would rank every one
 * of them beside whatever a benchmark measures, a batch after another. People who join during
 * the run still get theirs, as they would.
 */
export async function recordPicksAsMade(db: Database): Promise<void> {
  await db.execute(sql`
    insert into daily_pick_runs (user_id, day)
    select u.id, d.day from users u, (values (current_date), (current_date + 1)) as d(day)
    on conflict do nothing
  `);
}
