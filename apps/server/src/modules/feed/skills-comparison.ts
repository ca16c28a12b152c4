import { canonicalSkill } from "../skills/vocabulary.ts";
import { relationsOf } from "./viewer-skills.ts";

// What a card shares with the viewer: skillComparer says it as values (the reference, and what
// its tests read), comparisonWriter writes the same as the JSON that ends a card on a page.

/** What a card shares with the viewer, in the card's words and in the viewer's. */
export type SkillComparison = {
  matchingSkills: string[];
  related: string[];
  sharedInYourWords: string[];
  relatedToYours: { skill: string; yours: string }[];
};

/**
 * Compares a card's skills with the viewer's, both as typed (users.skills, in each one's order):
 * - matchingSkills / related: the card's skills (its spelling) naming one of the viewer's
 *   canonical skills, or a skill related to one of them (a framework to its language);
 * - sharedInYourWords: the viewer's spelling of each canonical skill the two share, once each,
 *   in the viewer's order ("JS" when the viewer typed "JS" and the card "JavaScript");
 * - relatedToYours: once per canonical skill, the card's related skill and the first of the
 *   viewer's skills (the viewer's spelling and order) it relates to.
 */
export function skillComparer(viewerTyped: readonly string[]) {
  const { yours, relatedTo } = viewerPlan(viewerTyped);
  // `canonicals`: each of `skills`' canonical skill, when the caller has them already.
  return (
    skills: readonly string[],
    canonicals: readonly string[] = skills.map(canonicalSkill),
  ): SkillComparison => {
    const matchingSkills: string[] = [];
    const relatedSkills: string[] = [];
    const sharedCanonical = new Set<string>();
    const relatedToYours: { skill: string; yours: string }[] = [];
    const relatedSeen = new Set<string>();
    for (const [index, skill] of skills.entries()) {
      const canonical = canonicals[index] as string;
      if (yours.has(canonical)) {
        matchingSkills.push(skill);
        sharedCanonical.add(canonical);
        continue;
      }
      const mine = relatedTo.get(canonical);
      if (mine === undefined) continue;
      relatedSkills.push(skill);
      if (relatedSeen.has(canonical)) continue;
      relatedSeen.add(canonical);
      relatedToYours.push({ skill, yours: mine });
    }
    const sharedInYourWords = [...yours]
      .filter(([canonical]) => sharedCanonical.has(canonical))
      .map(([, typed]) => typed);
    return { matchingSkills, related: relatedSkills, sharedInYourWords, relatedToYours };
  };
}

/**
 * The viewer's skills as both comparers read them: `yours`, the viewer's first spelling of each of
 * their canonical skills, in their order; `relatedTo`, each canonical skill related to one of the
 * viewer's (not theirs) and the viewer's skill it relates to, the first in the viewer's order.
 */
function viewerPlan(viewerTyped: readonly string[]) {
  const yours = new Map<string, string>();
  for (const typed of viewerTyped) {
    const canonical = canonicalSkill(typed);
    if (!yours.has(canonical)) yours.set(canonical, typed);
  }
  const relatedTo = new Map<string, string>();
  for (const [canonical, typed] of yours) {
    for (const other of relationsOf(canonical)) {
      if (!yours.has(other) && !relatedTo.has(other)) relatedTo.set(other, typed);
    }
  }
  return { yours, relatedTo };
}

/**
 * skillComparer's answer written as part of the end of a card's JSON:
 * `,"matchingSkills":[…],"related":[…],"sharedInYourWords":[…],"relatedToYours":[…]`, from the
 * card's skills, each one's canonical skill and each one already quoted as JSON. A page writes ten
 * of these, so no arrays or objects are made on the way.
 */
export function comparisonWriter(viewerTyped: readonly string[]) {
  const { yours, relatedTo } = viewerPlan(viewerTyped);
  const quote = (map: Map<string, string>) =>
    new Map([...map].map(([canonical, typed]) => [canonical, JSON.stringify(typed)]));
  const yoursQuoted = quote(yours);
  const relatedToQuoted = quote(relatedTo);
  return (canonicals: readonly string[], quoted: readonly string[]): string => {
    let matching = "";
    let related = "";
    let relatedToYours = "";
    let shared: Set<string> | undefined;
    let seen: Set<string> | undefined;
    for (let index = 0; index < canonicals.length; index++) {
      const canonical = canonicals[index] as string;
      const skill = quoted[index] as string;
      if (yoursQuoted.has(canonical)) {
        matching += matching ? `,${skill}` : skill;
        if (!shared) shared = new Set();
        shared.add(canonical);
        continue;
      }
      const mine = relatedToQuoted.get(canonical);
      if (mine === undefined) continue;
      related += related ? `,${skill}` : skill;
      if (seen?.has(canonical)) continue;
      if (!seen) seen = new Set();
      seen.add(canonical);
      const pair = `{"skill":${skill},"yours":${mine}}`;
      relatedToYours += relatedToYours ? `,${pair}` : pair;
    }
    let inYourWords = "";
    if (shared) {
      for (const [canonical, typed] of yoursQuoted) {
        if (shared.has(canonical)) inYourWords += inYourWords ? `,${typed}` : typed;
      }
    }
    return `,"matchingSkills":[${matching}],"related":[${related}],"sharedInYourWords":[${inYourWords}],"relatedToYours":[${relatedToYours}]`;
  };
}

/** What two people can trade (the feed card's `exchange`). */
export type Exchange = { teachesMe: string[]; learnsFromMe: string[] };

/**
 * What a card's person and the viewer can teach each other:
 * - teachesMe: the person's skills (their spelling, once per canonical skill, in their order)
 *   that the viewer wants to learn;
 * - learnsFromMe: the viewer's skills (the viewer's spelling, once per canonical skill, in the
 *   viewer's order) that the person wants to learn.
 */
export function exchangeBetween(
  viewer: { skills: readonly string[]; learningCanonical: readonly string[] },
  person: {
    skills: readonly string[];
    canonicalOfEach: readonly string[];
    learningCanonical: readonly string[];
  },
): Exchange {
  return {
    teachesMe: spelledOnce(person.skills, person.canonicalOfEach, viewer.learningCanonical),
    learnsFromMe: spelledOnce(
      viewer.skills,
      viewer.skills.map(canonicalSkill),
      person.learningCanonical,
    ),
  };
}

/** The first spelling of each of `typed`'s canonical skills that `wanted` names, in order. */
function spelledOnce(
  typed: readonly string[],
  canonicalOfEach: readonly string[],
  wanted: readonly string[],
): string[] {
  if (wanted.length === 0) return [];
  const wantedSet = new Set(wanted);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [index, skill] of typed.entries()) {
    const canonical = canonicalOfEach[index] as string;
    if (!wantedSet.has(canonical) || seen.has(canonical)) continue;
    seen.add(canonical);
    out.push(skill);
  }
  return out;
}
