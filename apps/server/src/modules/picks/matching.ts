// Who gets whom as a daily pick: a stable matching over the day's candidates (deferred
// acceptance, many to many). Each person proposes to the people of their ranking in order, up
// to PICKS_PER_DAY held at once; each person picked holds at most their capacity (PICKS_PER_DAY
// less the picks they are in already that day), keeping those who want them most (an exchange
// both ways first, then how high they rank them) and turning away the rest, who propose on. So a
// person everyone ranks first is in three people's picks, and the others get their next best.

/** How many picks a person gets a day, and in how many people's picks a person is at most. */
export const PICKS_PER_DAY = 3;

/** A person in someone's ranking: the exchange tier (2 both ways, 1 teaches, 0 neither). */
export type Candidate = { id: string; tier: number };

export type PicksInput = {
  /** Each person's candidates, in the order of their ranking. */
  rankings: ReadonlyMap<string, readonly Candidate[]>;
  /** How many picks of the day each person is in already (other zones' picks). */
  pickedAlready: ReadonlyMap<string, number>;
  /** Breaks ties between proposers the same way in every process (a hash of the day). */
  salt: string;
};

type Proposal = { from: string; tier: number; rank: number; tie: number };

/** A 32-bit FNV-1a hash: the same order of equals in every process, a new one each day. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** Whether the person picked would rather keep `a` than `b`. */
function prefers(a: Proposal, b: Proposal): boolean {
  if (a.tier !== b.tier) return a.tier > b.tier;
  if (a.rank !== b.rank) return a.rank < b.rank;
  return a.tie < b.tie;
}

/** Each person's picks, in the order of their ranking. */
export function choosePicks(input: PicksInput): Map<string, string[]> {
  const { rankings, pickedAlready, salt } = input;
  const next = new Map<string, number>();
  const holding = new Map<string, Set<string>>();
  const held = new Map<string, Proposal[]>();
  const capacity = (id: string) => PICKS_PER_DAY - (pickedAlready.get(id) ?? 0);
  const waiting = [...rankings.keys()];
  while (waiting.length > 0) {
    const from = waiting.pop() as string;
    const list = rankings.get(from) ?? [];
    const mine = holding.get(from) ?? new Set<string>();
    holding.set(from, mine);
    let at = next.get(from) ?? 0;
    while (mine.size < PICKS_PER_DAY && at < list.length) {
      const candidate = list[at] as Candidate;
      const rank = at;
      at++;
      if (candidate.id === from || mine.has(candidate.id) || capacity(candidate.id) <= 0) continue;
      const proposals = held.get(candidate.id) ?? [];
      held.set(candidate.id, proposals);
      proposals.push({
        from,
        tier: candidate.tier,
        rank,
        tie: hash(`${salt}:${from}:${candidate.id}`),
      });
      mine.add(candidate.id);
      if (proposals.length > capacity(candidate.id)) {
        let worst = 0;
        for (let index = 1; index < proposals.length; index++) {
          if (prefers(proposals[worst] as Proposal, proposals[index] as Proposal)) worst = index;
        }
        const [turnedAway] = proposals.splice(worst, 1) as [Proposal];
        holding.get(turnedAway.from)?.delete(candidate.id);
        if (turnedAway.from !== from) waiting.push(turnedAway.from);
      }
    }
    next.set(from, at);
  }
  const picks = new Map<string, string[]>();
  for (const [from, list] of rankings) {
    const mine = holding.get(from) ?? new Set();
    picks.set(
      from,
      list.map((candidate) => candidate.id).filter((id) => mine.has(id)),
    );
  }
  return picks;
}
