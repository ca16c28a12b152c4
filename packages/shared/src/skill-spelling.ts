/**
 * The key a skill is compared by: NFKC, lower case, trimmed, runs of spaces made one. Punctuation
 * stays meaningful, so "C++", "C#", ".NET" and "C" are four different keys.
 */
export function normalizeSkill(skill: string): string {
  return skill.normalize("NFKC").toLowerCase().trim().replace(/\s+/gu, " ");
}

/**
 * The optimal string alignment distance (Damerau–Levenshtein without edits of an edited
 * stretch): insertions, deletions, substitutions and swaps of two neighbouring characters each
 * count one. "pyhton" is 1 from "python", "atention" 1 from "attention".
 */
export function damerauLevenshtein(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row = new Array<number>(t.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  const first = rows[0] as number[];
  for (let j = 0; j <= t.length; j++) first[j] = j;
  for (let i = 1; i <= s.length; i++) {
    const row = rows[i] as number[];
    const above = rows[i - 1] as number[];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1);
      best = Math.min(best, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/**
 * How many edits a typed skill of this many characters may be from a name to count as a typo of
 * it: none up to 3 characters ("C", "Go", "SQL" are names of their own), one up to 5, two from 6.
 */
export function typoAllowance(length: number): number {
  if (length <= 3) return 0;
  return length <= 5 ? 1 : 2;
}

/** A canonical skill as it is offered: its name and its other names. */
export type SpellingCandidate = { name: string; aliases?: readonly string[] };

/**
 * The canonical skill `typed` looks like a typo of: the candidate with a name or alias fewest
 * edits away, within the typed length's allowance. Null when `typed` already is one of the
 * candidates' names or aliases (in any case), or when none is close enough. Ties keep the
 * earlier candidate.
 */
export function closeSkillName(
  typed: string,
  candidates: readonly SpellingCandidate[],
): string | null {
  const key = normalizeSkill(typed);
  const allowance = typoAllowance(Array.from(key).length);
  const spellings = (candidate: SpellingCandidate) =>
    [candidate.name, ...(candidate.aliases ?? [])].map(normalizeSkill);
  if (candidates.some((candidate) => spellings(candidate).includes(key))) return null;
  if (allowance === 0) return null;
  let best: { name: string; distance: number } | null = null;
  for (const candidate of candidates) {
    for (const spelling of spellings(candidate)) {
      // The lengths alone already differ by more than the allowance: no need to count.
      if (Math.abs(Array.from(spelling).length - Array.from(key).length) > allowance) continue;
      const distance = damerauLevenshtein(key, spelling);
      if (distance <= allowance && (!best || distance < best.distance)) {
        best = { name: candidate.name, distance };
      }
    }
  }
  return best?.name ?? null;
}
