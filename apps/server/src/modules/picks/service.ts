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
  savePicks,
} from "./repository.ts";

// The daily picks: at 09:00 in each time zone, a durable job (one per zone and day, key
// daily_picks:<zone>:<day>) makes the picks of everyone in the zone whose picks of that day are
// not made yet, tells them, and queues the zone's next day. GET /api/picks shows today's.

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
 * Makes the picks of the next `batch` of the zone's people for `day` whose picks were not made
 * yet, and tells them; `more` when others may be waiting. A batch holds only its own people's
 * candidates, and is matched within itself; the picks of earlier batches and other zones count
 * against each person's three.
 */
export async function makePicks(
  app: FastifyInstance,
  zone: string,
  day: string,
  batch = PICKS_BATCH,
): Promise<{ made: number; more: boolean }> {
  const due = await peopleDue(app.db, zone, day, batch);
  if (due.length === 0) return { made: 0, more: false };
  const rankings = new Map<string, Candidate[]>();
  for (const userId of due) rankings.set(userId, await rankingOf(app, userId));
  const everyone = new Set<string>();
  for (const list of rankings.values()) for (const { id } of list) everyone.add(id);
  const pickedAlready = await countPickedOn(app.db, day, [...everyone]);
  const picks = choosePicks({ rankings, pickedAlready, salt: day });
  return withNotifications(app, async (tx, queue) => {
    const made = await savePicks(tx, day, picks);
    for (const userId of made) {
      const [first] = picks.get(userId) ?? [];
      if (!first) continue;
      await queue.notify({
        userId,
        kind: "daily_picks",
        actorId: first,
        subject: { type: "picks", id: userId },
        url: "/home",
      });
    }
    return { made: made.length, more: due.length === batch };
  });
}

/**
 * `daily_picks` (key daily_picks:<zone>:<day>): at 09:00 of the day in the zone, the picks of
 * the zone's people; then the zone's next day is queued. A day already over when it runs (the
 * servers were down all day) is skipped for today's.
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
        const { made, more } = await makePicks(app, zone, day);
        log.info({ zone, day, people: made }, "daily picks made");
        // The zone's next people in a fresh run: one batch a run, well within the job's lease.
        if (more) return { runAgainAt: now };
      }
      await queueDay(app, zone, today === day ? nextDay(day) : today);
      return undefined;
    },
  );
}

/** The person's picks of today: their cards as JSON text, and the day (their local date). */
export async function todaysPicks(
  app: FastifyInstance,
  userId: string,
): Promise<{ day: string; cards: string[] } | null> {
  const user = await findUserById(app.db, userId);
  if (!user) return null;
  const zone = zoneOf(user.timeZone);
  const day = localDay(app.now(), zone);
  await ensurePicksJob(app, zone);
  const numbers = await pickNumbersOf(app.db, userId, day);
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
