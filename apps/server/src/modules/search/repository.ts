import {
  type GroupTag,
  normalizeSkill,
  SEARCH_EXCERPT_LENGTH,
  type SearchEvent,
  type SearchGroup,
  type SearchPost,
} from "@kindred/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { blockedEitherWay } from "../users/blocks-repository.ts";
import { type CardRow, cardColumns, isoTimestamp, selectRows } from "../users/card-repository.ts";

// People are found by pg_trgm's word similarity on their names and skills (`column %> q`: some
// extent of the column is close to q), which trigram indexes answer, so "Jonh" finds John.
// Posts, groups and events are found by their words: q's words are first corrected against
// search_words (every word the community has written, trigram-indexed: "pyhton" -> "python"),
// then the texts holding the corrected words come from their full-text index (search_vector).
// Results are ranked: an exact match first, then a prefix, then the closest spelling.

/**
 * The lowest word similarity that counts as a match. pg_trgm's default (0.6) misses one swapped
 * pair of letters in a short word: "jonh" scores 0.4 against "john", "pyhton" 0.29 against
 * "python". Ranking puts the close matches first; this only decides what is left out.
 */
export const SEARCH_SIMILARITY_THRESHOLD = 0.25;

/** One page of a kind: offset-paged, since a ranking by similarity has no stable keyset. */
export type SearchPage = { offset: number; limit: number };

/**
 * Runs `query` in a transaction that sets the trigram cut for it alone: the `%>` and `%`
 * operators (and so the index scans) read it from these settings. JIT is off too: these
 * queries cost enough for PostgreSQL to compile them, which takes longer (0.7 s) than running
 * them (10 ms).
 */
async function withThreshold<T>(
  db: Database,
  query: SQL,
  threshold = SEARCH_SIMILARITY_THRESHOLD,
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true),
        set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true),
        set_config('jit', 'off', true)`,
    );
    return selectRows<T>(tx as unknown as Database, query);
  });
}

/** The letters of a lower-cased word in order: equal for two words one swap apart. */
function sortedLetters(word: SQL): SQL {
  return sql`(select string_agg(c, '' order by c) from regexp_split_to_table(${word}, '') as c)`;
}

/**
 * Where a row ranks for q: 0 when one of `texts` is q (ignoring case), 1 when one starts with q,
 * 2 when a word of `words` has q's letters in another order (a swapped pair: "jonh" for John,
 * which trigrams alone rank below "Jonas"), else 3. Only words as long as q are sorted.
 */
function tierOf(texts: SQL[], q: string, words?: SQL): SQL {
  const exact = sql.join(
    texts.map((text) => sql`lower(${text}) = lower(${q})`),
    sql` or `,
  );
  const prefix = sql.join(
    texts.map((text) => sql`starts_with(lower(${text}), lower(${q}))`),
    sql` or `,
  );
  const singleWord = !/\s/.test(q);
  const swapped =
    words && singleWord
      ? sql`exists (
          select 1 from regexp_split_to_table(lower(${words}), '[^[:alnum:]]+') as w
          where length(w) = length(${q}) and ${sortedLetters(sql`w`)} = ${sortedLetters(sql`lower(${q})`)}
        )`
      : sql`false`;
  return sql`case when ${exact} then 0 when ${prefix} then 1 when ${swapped} then 2 else 3 end`;
}

function pageOf(page: SearchPage): SQL {
  return sql`limit ${page.limit + 1} offset ${page.offset}`;
}

// ---------- people ----------

const FULL_NAME = sql`(u.first_name || ' ' || u.last_name)`;

/**
 * People (never the viewer, nobody blocked either way) whose full name or one of whose skills is
 * close to q. The hits are ranked on their own (tier, similarity, id) as narrow rows and only
 * the page's rows look up their cards: a popular skill's thousands of people never reach the
 * users table.
 */
export async function searchPeople(
  db: Database,
  viewerId: string,
  q: string,
  page: SearchPage,
): Promise<(CardRow & { publicId: string })[]> {
  return withThreshold(
    db,
    sql`
      with recursive name_hits as (
        select u.id,
          ${tierOf([FULL_NAME, sql`u.first_name`, sql`u.last_name`], q, FULL_NAME)} as tier,
          word_similarity(${q}, ${FULL_NAME}) as score
        from users u
        where ${FULL_NAME} %> ${q}
      ),
      -- The distinct skills, one probe of the (skill, ...) index each: far fewer than the
      -- people holding them, whose rows a trigram scan would all fetch and recheck.
      skills as (
        select min(skill) as skill from user_skills
        union all
        select (select s.skill from user_skills s where s.skill > k.skill order by s.skill limit 1)
        from skills k where k.skill is not null
      ),
      skill_ranks as materialized (
        select skill, ${tierOf([sql`skill`], q, sql`skill`)} as tier,
          word_similarity(${q}, skill) as score
        from skills where skill %> ${q}
      ),
      skill_hits as (
        select s.user_id as id, min(k.tier) as tier, max(k.score) as score
        from skill_ranks k
        -- One index range per matching skill (offset 0: never a scan of every person's skills).
        cross join lateral (
          select user_id from user_skills where skill = k.skill offset 0
        ) s
        group by s.user_id
      ),
      -- Everyone whose skill is the one q names under another of its names ("js": JavaScript),
      -- as an exact match.
      canonical_hits as (
        select s.user_id as id, 0 as tier, 1::real as score
        from skill_aliases a
        join user_skills s on s.canonical = a.canonical
        where a.alias = ${normalizeSkill(q)}
      ),
      hits as (
        select id, min(tier) as tier, max(score) as score
        from (
          select * from name_hits union all select * from skill_hits
          union all select * from canonical_hits
        ) h
        where id <> ${viewerId}::uuid
        group by id
      ),
      -- Ranked first (offset 0 keeps the block rule out of the subquery), so the rule is
      -- checked only for the rows read until the page is full.
      page as (
        select id, tier, score
        from (select id, tier, score from hits order by tier, score desc, id offset 0) ranked
        where not ${blockedEitherWay(viewerId, sql`ranked.id`)}
        order by tier, score desc, id
        ${pageOf(page)}
      )
      select ${cardColumns("u")}, u.public_id as "publicId"
      from page h
      join users u on u.id = h.id
      order by h.tier, h.score desc, h.id
    `,
  );
}

// ---------- posts, groups and events: their words ----------

/** At most this many of q's words count (a search box holds a few words, not a text). */
const MAX_QUERY_WORDS = 6;
/** How many indexed words stand for one word of q: itself, then its closest spellings. */
const SPELLINGS_PER_WORD = 6;
/**
 * A spelling that is neither q's word, nor starts with it, nor has its letters in another order
 * counts from this similarity up ("pyton" 0.44 and "pythin" 0.4 for "python"; "coloring" is 0.31
 * for "cooking", by their "ing" alone, and "great" shares
 * only "gr" with "grpah", 0.2, and stays out).
 */
const SPELLING_MIN_SIMILARITY = 0.35;
/** The index's own cut, below SPELLING_MIN_SIMILARITY: "grpah" finds "graph" (0.2) to rank. */
const SPELLING_INDEX_THRESHOLD = 0.2;

/** From this length, a spelling also stands for the longer words it begins. */
const PREFIX_MIN_LENGTH = 4;

/** `word` escaped for LIKE, then any ending. */
function startingWith(word: SQL): SQL {
  return sql`replace(replace(replace(${word}, '\', '\\'), '%', '\%'), '_', '\_') || '%'`;
}

/**
 * The CTEs `query_words` (q's words as PostgreSQL's "simple" configuration reads them, the same
 * way the texts' `search_vector` was made) and `spellings` (for each, the words of search_words
 * that stand for it: itself first, then a prefix, the same letters in another order, or a close
 * trigram match; each with its tier and similarity, and its tsquery).
 */
function spellingsOf(q: string): SQL {
  return sql`
    query_words as materialized (
      select lexeme as word from unnest(to_tsvector('simple'::regconfig, ${q}))
      order by length(lexeme) desc, lexeme
      limit ${MAX_QUERY_WORDS}
    ),
    spellings as materialized (
      select t.word as asked, c.word, c.tier, c.score,
        -- A word of 4 letters or more also finds the longer words it begins ("graph": "graphs").
        case when length(c.word) >= ${PREFIX_MIN_LENGTH}
          then (search_word_query(c.word)::text || ':*')::tsquery
          else search_word_query(c.word) end as query
      from query_words t
      cross join lateral (
        select x.word, min(x.tier) as tier, max(x.score) as score
        from (
          select t.word, 0 as tier, 1::real as score
          union all
          select w.word,
            case when starts_with(w.word, t.word) then 1
              when length(w.word) <> length(t.word) then 3
              when ${sortedLetters(sql`w.word`)} = ${sortedLetters(sql`t.word`)} then 2
              else 3 end,
            similarity(w.word, t.word)
          from search_words w
          -- Short words are taken as typed: two letters share too few trigrams to correct.
          where length(t.word) >= 3
            and (w.word % t.word or w.word like ${startingWith(sql`t.word`)})
        ) x
        group by x.word
        having min(x.tier) < 3 or max(x.score) >= ${SPELLING_MIN_SIMILARITY}
        order by min(x.tier), max(x.score) desc, x.word
        limit ${SPELLINGS_PER_WORD}
      ) c
    )`;
}

/**
 * The CTE `hits`: the rows of `table` (aliased r) holding, for every word of q, one of its
 * spellings, each once with `columns` (named expressions), its best tier and similarity. One
 * index range per spelling: a common word's thousands of rows are read once, never rechecked
 * with a function.
 */
function hitsIn(table: SQL, columns: Record<string, SQL>): SQL {
  const names = Object.keys(columns).map((name) => sql.identifier(name));
  const selected = sql.join(
    Object.entries(columns).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const grouped = sql.join(
    names.map((name) => sql`h.${name}`),
    sql`, `,
  );
  return sql`
    hits as (
      select ${grouped}, min(c.tier) as tier, max(c.score) as score
      from spellings c
      cross join lateral (
        select ${selected} from ${table} r where r.search_vector @@ c.query offset 0
      ) h
      group by ${grouped}
      having count(distinct c.asked) = (select count(*) from query_words)
    )`;
}

/** Where a text ranks by its title: 0 when it is q (ignoring case), 1 when it starts with q. */
function titleTier(title: SQL, q: string): SQL {
  return sql`case when lower(${title}) = lower(${q}) then 0
    when starts_with(lower(${title}), lower(${q})) then 1 else 2 end`;
}

/** Runs `query` with the trigram index's cut for spellings, JIT off (see withThreshold). */
function withSpellings<T>(db: Database, query: SQL): Promise<T[]> {
  return withThreshold<T>(db, query, SPELLING_INDEX_THRESHOLD);
}

// ---------- posts ----------

const MEMBER_NAME = sql`coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), m.username, '')`;

type PostHitRow = Omit<SearchPost, "createdAt"> & { createdAt: string };

/**
 * Board posts and group posts whose title or text holds q's words (or close spellings of them),
 * as the community shows them: nothing by someone blocked either way, nothing in a group whose
 * creator is. A title that is q or starts with it comes first, then the closest spelling, then
 * the newest.
 */
export async function searchPosts(
  db: Database,
  viewerId: string,
  q: string,
  page: SearchPage,
): Promise<SearchPost[]> {
  return withSpellings<PostHitRow>(
    db,
    sql`
      with ${spellingsOf(q)},
      ${hitsIn(sql`community_posts`, {
        id: sql`r.id`,
        author_id: sql`r.author_id`,
        group_id: sql`r.group_id`,
        created_at: sql`r.created_at`,
        title_tier: titleTier(sql`r.title`, q),
      })},
      page as (
        select ranked.* from (
          select * from hits
          order by title_tier, tier, score desc, created_at desc, id offset 0
        ) ranked
        where not ${blockedEitherWay(viewerId, sql`ranked.author_id`)}
          and (ranked.group_id is null or exists (
            select 1 from study_groups g
            where g.id = ranked.group_id and not ${blockedEitherWay(viewerId, sql`g.author_id`)}
          ))
        order by title_tier, tier, score desc, created_at desc, id
        ${pageOf(page)}
      )
      select p.id, p.title, left(p.content, ${SEARCH_EXCERPT_LENGTH}) as excerpt,
        p.author_id as "userId", ${MEMBER_NAME} as "authorName", p.group_id as "groupId",
        ${isoTimestamp(sql`p.created_at`)} as "createdAt"
      from page h
      join community_posts p on p.id = h.id
      join community_members m on m.id = p.author_id
      left join users u on u.id = m.user_id
      order by h.title_tier, h.tier, h.score desc, h.created_at desc, h.id
    `,
  );
}

// ---------- groups ----------

type GroupHitRow = Omit<SearchGroup, "tag"> & { tag: string };

/**
 * Study groups whose name or description holds q's words (or close spellings); none whose
 * creator is blocked either way.
 */
export async function searchGroups(
  db: Database,
  viewerId: string,
  q: string,
  page: SearchPage,
): Promise<SearchGroup[]> {
  const rows = await withSpellings<GroupHitRow>(
    db,
    sql`
      with ${spellingsOf(q)},
      ${hitsIn(sql`study_groups`, {
        id: sql`r.id`,
        author_id: sql`r.author_id`,
        created_at: sql`r.created_at`,
        title_tier: titleTier(sql`r.name`, q),
      })},
      page as (
        select ranked.* from (
          select * from hits
          order by title_tier, tier, score desc, created_at desc, id offset 0
        ) ranked
        where not ${blockedEitherWay(viewerId, sql`ranked.author_id`)}
        order by title_tier, tier, score desc, created_at desc, id
        ${pageOf(page)}
      )
      select g.id as "_id", g.name, g.description, g.tag, g.author_id as "u_id",
        ${isoTimestamp(sql`g.created_at`)} as "createdAt"
      from page h
      join study_groups g on g.id = h.id
      order by h.title_tier, h.tier, h.score desc, h.created_at desc, h.id
    `,
  );
  return rows.map((row) => ({ ...row, tag: row.tag as GroupTag }));
}

// ---------- events ----------

/**
 * Events whose title or description holds q's words (or close spellings), upcoming ones first
 * (soonest first), then past ones (latest first); none whose host is blocked either way.
 */
export async function searchEvents(
  db: Database,
  viewerId: string,
  q: string,
  now: Date,
  page: SearchPage,
): Promise<SearchEvent[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const order = sql`upcoming desc, title_tier, tier, score desc,
    case when upcoming then starts_at end asc, starts_at desc, id`;
  return withSpellings<SearchEvent>(
    db,
    sql`
      with ${spellingsOf(q)},
      ${hitsIn(sql`community_events`, {
        id: sql`r.id`,
        author_id: sql`r.author_id`,
        starts_at: sql`r.starts_at`,
        upcoming: sql`r.starts_at >= ${at}`,
        title_tier: titleTier(sql`r.title`, q),
      })},
      page as (
        select ranked.* from (select * from hits order by ${order} offset 0) ranked
        where not ${blockedEitherWay(viewerId, sql`ranked.author_id`)}
        order by ${order}
        ${pageOf(page)}
      )
      select e.id as "_id", e.title, e.description, ${isoTimestamp(sql`e.starts_at`)} as "date",
        e.location, e.author_id as "u_id", e.utc_offset as "utcOffset", e.group_id as "groupId",
        case when e.cancelled_at is null then null
          else ${isoTimestamp(sql`e.cancelled_at`)} end as "cancelledAt"
      from page h
      join community_events e on e.id = h.id
      order by h.upcoming desc, h.title_tier, h.tier, h.score desc,
        case when h.upcoming then h.starts_at end asc, h.starts_at desc, h.id
    `,
  );
}
