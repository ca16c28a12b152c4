import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { localDay, nextDay, picksTime, zoneOf } from "../../lib/zoned-time.ts";
import { enqueueJob } from "../jobs/service.ts";
import { withPayload } from "../jobs/worker.ts";
import { withNotifications } from "../notifications/service.ts";
import { findUserById, timeZonesInUse } from "../users/service.ts";
import { type Candidate, choosePicks } from "./matching.ts";
import {
  countPickedOn,
  deletePicksNaming,
  peopleDue,
  pickNumbersOf,
  picksMadeFor,
  savePicks,
} from "./repository.ts";

// The daily picks: at 09:00 in each time zone, a durable job (one per zone and day, key
// daily_picks:<zone>:<day>) makes the picks of everyone in the zone signed in somewhere whose
// picks of that day are not made yet, tells them, and queues the zone's next day. GET /api/picks
// shows today's, and makes them first for someone the job left out (signed in since).

/** How far down each person's ranking the picks look. */
const CANDIDATES = 12;
/**
 * People whose picks one run of a zone's job makes: each needs their ranking, so a run stays
 * short (within the job's lease, so no other process takes it over) and holds little.
 */
const PICKS_BATCH = 50;

const payloadSchema = z.object({
  zone: z.string().min(1).max(64),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Where the day's next batch starts (the last id of the batch before). */
  after: z.uuid().optional(),
});

function jobKey(zone: string, day: string): string {
  return `daily_picks:${zone}:${day}`;
}

/** Queues the zone's job for `day` (nothing when it waits already). */
function queueDay(app: FastifyInstance, zone: string, day: string): Promise<void> {
  return enqueueJob(app.db, {
    kind: "daily_picks",
    key: jobKey(zone, day),
    payload: { zone, day },
    runAt: picksTime(day, zone),
  });
}

/**
 * Makes sure the zone's picks of today are on their way: today's job (it runs at once after
 * 09:00, and makes only the picks not made yet), which queues the next day's.
 */
export function ensurePicksJob(app: FastifyInstance, timeZone: string | null): Promise<void> {
  const zone = zoneOf(timeZone);
  return queueDay(app, zone, localDay(app.now(), zone));
}

/** At start: every zone in use has its job. */
export async function ensureEveryPicksJob(app: FastifyInstance): Promise<void> {
  for (const zone of await timeZonesInUse(app.db)) await ensurePicksJob(app, zone);
}

/** The top of a person's ranking as the picks consider it: people who share or trade something. */
async function rankingOf(app: FastifyInstance, userId: string): Promise<Candidate[]> {
  const check = await app.feed.checkViewer(app.db, userId);
  if (!check) return [];
  const page = await app.feed.page(app.db, check, {
    cursor: null,
    offset: 0,
    limit: CANDIDATES,
    now: app.now().getTime(),
  });
  const candidates: Candidate[] = [];
  for (const text of page.cards) {
    const card = JSON.parse(text) as {
      _id: string;
      matchingSkills: string[];
      related: string[];
      exchange: { teachesMe: string[]; learnsFromMe: string[] };
    };
    const teaches = card.exchange.teachesMe.length > 0;
    const learns = card.exchange.learnsFromMe.length > 0;
    if (!teaches && card.matchingSkills.length === 0 && card.related.length === 0) continue;
    candidates.push({ id: card._id, tier: teaches ? (learns ? 2 : 1) : 0 });
  }
  return candidates;
}

/**
 * Chooses the picks of `people` for `day` (each one's ranking; a stable matching among them,
 * the picks already made that day counting against each person's three), saves them and, with
 * `tell`, tells each person who got some; answers how many people's picks were recorded now.
 */
async function pickFor(
  app: FastifyInstance,
  people: readonly string[],
  day: string,
  tell: boolean,
): Promise<number> {
  const rankings = new Map<string, Candidate[]>();
  for (const userId of people) rankings.set(userId, await rankingOf(app, userId));
  const everyone = new Set<string>();
  for (const list of rankings.values()) for (const { id } of list) everyone.add(id);
  const pickedAlready = await countPickedOn(app.db, day, [...everyone]);
  const picks = choosePicks({ rankings, pickedAlready, salt: day });
  return withNotifications(app, async (tx, queue) => {
    const ranking = new Map([...rankings].map(([id, list]) => [id, list.map((c) => c.id)]));
    const saved = await savePicks(tx, day, picks, ranking);
    if (tell) {
      for (const [userId, [first]] of saved) {
        if (!first) continue;
        await queue.notify({
          userId,
          kind: "daily_picks",
          actorId: first,
          subject: { type: "picks", id: userId },
          url: "/home",
        });
      }
    }
    return saved.size;
  });
}

/**
 * Makes the picks of the zone's next `batch` people (by id, after `after`) for `day` whose picks
 * were not made yet and who are signed in somewhere, and tells them. A batch holds only its own
 * people's candidates and is matched within itself; the picks of earlier batches and other zones
 * count against each person's three. `after` is where the next batch starts, null when none is
 * left: each batch reads on from the last instead of past everyone done before.
 */
export async function makePicks(
  app: FastifyInstance,
  zone: string,
  day: string,
  { after = null, batch = PICKS_BATCH }: { after?: string | null; batch?: number } = {},
): Promise<{ made: number; after: string | null }> {
  const due = await peopleDue(app.db, { zone, day, now: app.now(), after, limit: batch });
  if (due.length === 0) return { made: 0, after: null };
  const made = await pickFor(app, due, day, true);
  return { made, after: due.length === batch ? (due.at(-1) ?? null) : null };
}

/**
 * `daily_picks` (key daily_picks:<zone>:<day>): at 09:00 of the day in the zone, the picks of
 * the zone's people signed in somewhere, a batch a run; then the zone's next day is queued. A day
 * already over when it runs (the servers were down all day) is skipped for today's.
 */
export function picksHandler(app: FastifyInstance) {
  return withPayload(
    payloadSchema,
    "daily picks job dropped: its payload names no zone and day",
    async (payload, { log }) => {
      const zone = zoneOf(payload.zone);
      const { day } = payload;
      const now = app.now();
      const dueAt = picksTime(day, zone);
      if (now < dueAt) return { runAgainAt: dueAt };
      const today = localDay(now, zone);
      if (today === day) {
        const { made, after } = await makePicks(app, zone, day, { after: payload.after ?? null });
        log.info({ zone, day, people: made }, "daily picks made");
        // The zone's next people in a fresh run: one batch a run, well within the job's lease.
        if (after !== null) return { runAgainAt: now, payload: { zone, day, after } };
      }
      await queueDay(app, zone, today === day ? nextDay(day) : today);
      return undefined;
    },
  );
}

/**
 * The person's picks of today: their cards as JSON text, and the day (their local date). After
 * 09:00, picks the job has not made (it makes them only for people signed in when it runs) are
 * made now, without a notification: the person is looking at them.
 */
export async function todaysPicks(
  app: FastifyInstance,
  userId: string,
): Promise<{ day: string; cards: string[] } | null> {
  const user = await findUserById(app.db, userId);
  if (!user) return null;
  const zone = zoneOf(user.timeZone);
  const day = localDay(app.now(), zone);
  await ensurePicksJob(app, zone);
  let numbers = await pickNumbersOf(app.db, userId, day);
  if (
    numbers.length === 0 &&
    app.now() >= picksTime(day, zone) &&
    !(await picksMadeFor(app.db, userId, day))
  ) {
    await pickFor(app, [userId], day, false);
    numbers = await pickNumbersOf(app.db, userId, day);
  }
  if (numbers.length === 0) return { day, cards: [] };
  const check = await app.feed.checkViewer(app.db, userId);
  if (!check) return { day, cards: [] };
  return { day, cards: await app.feed.cardsOf(app.db, check, numbers, app.now().getTime()) };
}

/**
 * Picks are made for a person from others' public cards: nothing of them is theirs to export.
 * A deleted person's picks go, and so does their place in others' picks.
 */
export const picksPersonalData: PersonalDataPart = {
  module: "picks",
  tables: ["daily_picks", "daily_pick_runs"],
  exportFor: async () => ({}),
  deleteFor: (tx, userId) => deletePicksNaming(tx, userId),
};
