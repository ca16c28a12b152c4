import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  type MatchPayload,
  pattern,
  RegExpMatcher,
} from "obscenity";

// The automatic filter: what people write (names, about, posts, replies, groups, events, chat
// messages) is checked for slurs and other obscenity with `obscenity` (its English dataset and
// recommended transformers, which read leetspeak, look-alike letters and stretched letters), and
// for links and phone numbers with the rules below. Pure and synchronous: the matcher is built
// once, on first use, and a chat message costs well under a millisecond (docs/moderation-filters.md,
// decision 110).

/** What matched: `slur` and `obscenity` come from obscenity's dataset, `link` and `phone` from rules. */
export type FilterRule = "slur" | "obscenity" | "link" | "phone";

/** What the filter saw in a text: the rules that matched and the words or links that did. */
export type FilterMatch = { rules: FilterRule[]; matches: string[] };

/**
 * The terms of obscenity's English dataset (by their `originalWord`) that are slurs: words that
 * demean people for their race, ethnicity, sexuality or gender identity. The dataset does not tag
 * them, so the list is kept here. Left out on purpose, and so counted as `obscenity`: "negro"
 * (Spanish and Portuguese for black, and part of names such as Negroponte), "abo" (a Japanese
 * surname), and "retard" and "spastic" (also ordinary words in other senses: a fire retardant,
 * spasticity). A slur in a name or about is refused; anywhere else it counts as any other match.
 */
export const SLUR_TERMS: ReadonlySet<string> = new Set([
  "abeed",
  "africoon",
  "arabush",
  "boonga",
  "chingchong",
  "chink",
  "dyke",
  "fag",
  "kike",
  "nigger",
  "tranny",
]);

/**
 * Names the dataset would flag that are ordinary words or names (whitelisted for every term);
 * obscenity already whitelists many ("van dyke", "montenegro", "cockney"...).
 */
const EXTRA_WHITELIST = ["negroponte"];

type Metadata = { originalWord: string };

/**
 * The English dataset with "fag" narrowed: its pattern `|fag` matched every word starting so
 * (the surnames Fagan, Fagerström); this one takes the word itself and its derived slurs.
 */
function buildDataset(): DataSet<Metadata> {
  return new DataSet<Metadata>()
    .addAll(englishDataset)
    .removePhrasesIf((phrase) => phrase.metadata?.originalWord === "fag")
    .addPhrase((phrase) =>
      phrase
        .setMetadata({ originalWord: "fag" })
        .addPattern(pattern`|fag|`)
        .addPattern(pattern`|fags|`)
        .addPattern(pattern`|fagg`)
        .addPattern(pattern`fggot`),
    );
}

type Obscenity = {
  matcher: RegExpMatcher;
  wordOf: (match: MatchPayload) => string | undefined;
};

let built: Obscenity | undefined;

/** The matcher, built once: compiling the dataset's patterns takes a few milliseconds. */
function obscenity(): Obscenity {
  if (!built) {
    const dataset = buildDataset();
    const terms = dataset.build();
    const matcher = new RegExpMatcher({
      ...terms,
      whitelistedTerms: [...(terms.whitelistedTerms ?? []), ...EXTRA_WHITELIST],
      ...englishRecommendedTransformers,
    });
    built = {
      matcher,
      wordOf: (match) => dataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord,
    };
  }
  return built;
}

// ---------- links ----------

/**
 * Top-level domains a bare address ("bit.ly/x", "example.com") is recognised by: the common ones
 * and those link shorteners and scams favour. Not every TLD: many are also file extensions this
 * community writes about (main.py, README.md, build.sh, lib.rs), which are not links.
 */
const LINK_TLDS = [
  "com",
  "net",
  "org",
  "info",
  "biz",
  "io",
  "co",
  "ly",
  "me",
  "gg",
  "to",
  "app",
  "dev",
  "xyz",
  "link",
  "click",
  "site",
  "online",
  "top",
  "club",
  "shop",
  "store",
  "live",
  "tv",
  "cc",
  "ru",
  "cn",
  "uk",
  "de",
  "fr",
  "in",
  "us",
  "ca",
  "au",
  "tk",
  "ml",
  "ga",
  "cf",
  "gq",
  "be",
  "nl",
  "it",
  "es",
  "br",
  "pro",
  "vip",
  "win",
  "icu",
  "buzz",
  "fun",
  "life",
  "page",
  "tech",
  "website",
  "space",
  "chat",
  "bio",
  "gl",
];

/** An address with a scheme, or starting www. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"'()]+/gi;

/** A bare host name ending in one of LINK_TLDS, with an optional path: "bit.ly/x", "t.me/joe". */
const BARE_DOMAIN_PATTERN = new RegExp(
  String.raw`(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${LINK_TLDS.join("|")})(?![\w-])(?:\/[^\s<>"'()]*)?`,
  "gi",
);

/** Trailing punctuation of a sentence is not part of the address. */
function trimAddress(text: string): string {
  return text.replace(/[.,;:!?]+$/, "");
}

function findLinks(text: string): string[] {
  const found: string[] = [];
  const withoutUrls = text.replace(URL_PATTERN, (url) => {
    found.push(trimAddress(url));
    return " ";
  });
  for (const match of withoutUrls.matchAll(BARE_DOMAIN_PATTERN)) {
    const address = trimAddress(match[0]);
    // A label of digits only is a number ("3.14"), not a host.
    if (/[a-z]/i.test(address.split(".")[0] ?? "")) found.push(address);
  }
  return found;
}

// ---------- phone numbers ----------

/**
 * A run that may be a phone number: an optional +, then digits with spaces, dots, dashes, slashes
 * or parentheses between them. Which runs count is decided by `isPhoneNumber`.
 */
const PHONE_CANDIDATE = /(?<![\w+])\+?\(?\d(?:[\d\s().\-/]*\d)?(?![\w])/g;

const DATE_LIKE = [
  /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$/, // 2026-11-27
  /^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/, // 27.11.2026, 11/27/26
  /^\d{4}\s*[-/]\s*\d{2,4}$/, // 2019-2023, 2025/26
  /^\d{1,2}[:.]\d{2}\s*[-]\s*\d{1,2}[:.]\d{2}$/, // 9.30-11.00
];

/**
 * A phone number: with a leading + (an international form), 8 to 15 digits; else 7 to 15 digits
 * with separators between groups ("555 123 4567", "(030) 1234-567"), or 10 to 15 digits written
 * together. Dates, year ranges and times are not.
 */
function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "").length;
  if (digits > 15) return false;
  if (DATE_LIKE.some((shape) => shape.test(candidate))) return false;
  if (candidate.startsWith("+")) return digits >= 8;
  if (/^\d+$/.test(candidate)) return digits >= 10;
  return digits >= 7;
}

function findPhoneNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const candidate = match[0].trim().replace(/[\s.\-/]+$/, "");
    if (isPhoneNumber(candidate)) found.push(candidate);
  }
  return found;
}

// ---------- the filter ----------

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The whole word (or words) a match lies in: "f4gg0t" rather than the "f4gg" that matched. */
function wordAround(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (from > 0 && WORD_CHARACTER.test(text[from - 1] ?? "")) from -= 1;
  while (to < text.length && WORD_CHARACTER.test(text[to] ?? "")) to += 1;
  return text.slice(from, to);
}

export type FilterOptions = {
  /** Look for links (default true): an about may share a homepage. */
  links?: boolean;
  /** Look for phone numbers (default true): an about may share how to reach its author. */
  phones?: boolean;
};

/**
 * Checks the texts together; null when nothing matched. Each match is the text as written
 * ("f4gg0t", "bit.ly/x"), at most once, in the order found.
 */
export function checkTexts(
  texts: readonly (string | null | undefined)[],
  options: FilterOptions = {},
): FilterMatch | null {
  const rules = new Set<FilterRule>();
  const matches = new Set<string>();
  const { matcher, wordOf } = obscenity();
  for (const text of texts) {
    if (!text) continue;
    for (const match of matcher.getAllMatches(text, true)) {
      const word = wordOf(match);
      rules.add(word && SLUR_TERMS.has(word) ? "slur" : "obscenity");
      matches.add(wordAround(text, match.startIndex, match.endIndex + 1));
    }
    if (options.links !== false) {
      for (const link of findLinks(text)) {
        rules.add("link");
        matches.add(link);
      }
    }
    if (options.phones !== false) {
      for (const phone of findPhoneNumbers(text)) {
        rules.add("phone");
        matches.add(phone);
      }
    }
  }
  if (rules.size === 0) return null;
  const order: FilterRule[] = ["slur", "obscenity", "link", "phone"];
  return { rules: order.filter((rule) => rules.has(rule)), matches: [...matches] };
}

/** Whether a text holds a slur (SLUR_TERMS), however it is spelled. */
export function hasSlur(text: string | null | undefined): boolean {
  return checkTexts([text], { links: false, phones: false })?.rules.includes("slur") ?? false;
}
