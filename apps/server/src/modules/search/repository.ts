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
import { isoTimestamp, selectRows } from "../../db/rows.ts";
import { eventShownTo, eventsHolding, joinEvent } from "../events/fragments.ts";
import { groupShownTo, groupsHolding, joinGroup } from "../groups/fragments.ts";
import { memberName } from "../members/fragments.ts";
import { joinPost, postsHolding, postVisibleTo } from "../posts/fragments.ts";
import {
  distinctSkills,
  holdersOfAlias,
  holdersOfSkill,
  learnersOfCanonical,
} from "../skills/fragments.ts";
import {
  authorHidden,
  blockedEitherWay,
  type CardRow,
  cardColumns,
  fullName,
  joinUser,
  meetable,
  peopleNamedNear,
} from "../users/fragments.ts";

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
 * 2 when one of `words` has q's letters in another order (a swapped pair: "jonh" for John, which
 * trigrams alone rank below "Jonas"), else 3. A word's letters are sorted only when it is as long
 * as q, so a popular near-miss ("Jonas" for "john") costs no sorting.
 */
function tierOf(texts: SQL[], q: string, words: SQL[] = []): SQL {
  const exact = sql.join(
    texts.map((text) => sql`lower(${text}) = lower(${q})`),
    sql` or `,
  );
  const prefix = sql.join(
    texts.map((text) => sql`starts_with(lower(${text}), lower(${q}))`),
    sql` or `,
  );
  const swappedIn = (word: SQL) =>
    sql`case when length(${word}) = length(${q})
      then ${sortedLetters(sql`lower(${word})`)} = ${sortedLetters(sql`lower(${q})`)}
      else false end`;
  const swapped =
    words.length > 0 && !/\s/.test(q)
      ? sql.join(
          words.map((word) => swappedIn(word)),
          sql` or `,
        )
      : sql`false`;
  return sql`case when ${exact} then 0 when ${prefix} then 1 when ${swapped} then 2 else 3 end`;
}

/**
 * Whether one of the words of `text` begins with q's first letter: a typo keeps the start of a
 * word ("pyhton", "jonh"), and a word that only ends like q ("Translation" for "atention") is
 * not what was asked for.
 */
function aWordBeginsLike(text: SQL, q: string): SQL {
  return sql`exists (
    select 1 from regexp_split_to_table(lower(${text}), '[^[:alnum:]]+') as w(word)
    where w.word <> '' and left(w.word, 1) = left(lower(btrim(${q})), 1)
  )`;
}

/**
 * The CTE `page`: `hits` ranked by `order` (offset 0 keeps the visibility rule out of the
 * ranking), then only the rows `visible` keeps (it reads `ranked`), until the page is full.
 */
function visiblePage(order: SQL, visible: SQL, page: SearchPage): SQL {
  return sql`
    page as (
      select ranked.* from (select * from hits order by ${order} offset 0) ranked
      where ${visible}
      order by ${order}
      ${pageOf(page)}
    )`;
}

/** Someone other than the viewer whom the viewer may meet (users/fragments.ts `meetable`). */
function visiblePerson(viewerId: string, id: SQL, now: Date): SQL {
  return sql`${id} <> ${viewerId}::uuid and ${meetable(viewerId, id, now)}`;
}

/** Written by someone not blocked either way, and not hidden by moderation. */
function visibleAuthor(viewerId: string, authorId: SQL): SQL {
  return sql`not ${blockedEitherWay(viewerId, authorId)} and not ${authorHidden(viewerId, authorId)}`;
}

function pageOf(page: SearchPage): SQL {
  return sql`limit ${page.limit + 1} offset ${page.offset}`;
}

// ---------- people ----------

const FULL_NAME = fullName("u");

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
  now: Date,
): Promise<(CardRow & { publicId: string })[]> {
  // Rows per source that surely hold the page: the rows before it, the page, one more.
  const needed = page.offset + page.limit + 1;
  return withThreshold(
    db,
    sql`
      with recursive name_matches as materialized (
        ${peopleNamedNear(q)}
      ),
      -- Ranked once per name, not once per person: a common name near q ("Jonas" for "jonh")
      -- is held by thousands. Each name's people are kept in id order.
      names as materialized (
        select first_name, last_name, array_agg(id order by id) as ids
        from name_matches group by first_name, last_name
      ),
      -- Per name, the first of its people by id that the viewer may see, as many as the page
      -- needs (they all rank alike), as for skills below.
      name_hits as (
        select m.id, r.tier, r.score
        from (
          select u.ids,
            ${tierOf([FULL_NAME, sql`u.first_name`, sql`u.last_name`], q, [sql`u.first_name`, sql`u.last_name`])} as tier,
            word_similarity(${q}, ${FULL_NAME}) as score
          from names u
        ) r
        cross join lateral (
          select person.id from unnest(r.ids) as person(id)
          where ${visiblePerson(viewerId, sql`person.id`, now)}
          limit ${needed}
        ) m
      ),
      -- The distinct skills, one probe of the (skill, ...) index each: far fewer than the
      -- people holding them, whose rows a trigram scan would all fetch and recheck.
      skills as (
        ${distinctSkills("skills")}
      ),
      skill_ranks as materialized (
        select skill, tier, score from (
          select skill, ${tierOf([sql`skill`], q, [sql`skill`])} as tier,
            word_similarity(${q}, skill) as score
          from skills where skill %> ${q}
        ) close
        -- A spelling close only by its ending is another word: "atention" shares "tion" with
        -- Translation and Illustration, as much as "pyhton" shares with Python.
        where tier <= 2 or ${aWordBeginsLike(sql`close.skill`, q)}
      ),
      -- Per matching skill, the first of its holders by id that the viewer may see, as many
      -- as the page needs: they all rank alike within a skill, so the page's people are among
      -- them, however many thousands hold a common skill.
      skill_hits as (
        select s.user_id as id, k.tier, k.score
        from skill_ranks k
        cross join lateral (
          ${holdersOfSkill(sql`k.skill`, (userId) => visiblePerson(viewerId, userId, now), needed)}
        ) s
      ),
      -- The holders of the skill q names under another of its names ("js": JavaScript), as
      -- exact matches, the same way.
      canonical_hits as (
        select s.user_id as id, 0 as tier, 1::real as score
        from (
          ${holdersOfAlias(normalizeSkill(q), (userId) => visiblePerson(viewerId, userId, now), needed)}
        ) s
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
      ${visiblePage(sql`tier, score desc, id`, meetable(viewerId, sql`ranked.id`, now), page)}
      select ${cardColumns("u")}, u.public_id as "publicId"
      from page h
      ${joinUser("u", sql`h.id`)}
      order by h.tier, h.score desc, h.id
    `,
  );
}

/**
 * The people who want to learn the canonical skill ("who wants to learn Rust"), whom the viewer
 * may see, in id order: the page and one more row.
 */
export async function searchLearners(
  db: Database,
  viewerId: string,
  canonical: string,
  page: SearchPage,
  now: Date,
): Promise<(CardRow & { publicId: string })[]> {
  return selectRows(
    db,
    sql`
      select ${cardColumns("u")}, u.public_id as "publicId"
      from (
        ${learnersOfCanonical(canonical, (userId) => visiblePerson(viewerId, userId, now), page.offset, page.limit + 1)}
      ) h
      ${joinUser("u", sql`h.user_id`)}
      order by h.user_id
    `,
  );
}

// ---------- posts, groups and events: their words ----------

/** At most this many of q's words count (a search box holds a few words, not a text). */
const MAX_QUERY_WORDS = 6;
/** At most this many close spellings stand for a word that no text holds. */
const CLOSE_SPELLINGS = 3;
/**
 * A spelling that is neither q's word, nor starts with it, nor has its letters in another order
 * counts from this similarity up ("pyton" 0.44 and "pythin" 0.4 for "python"; "coloring" is 0.31
 * for "cooking", by their "ing" alone, and "great" shares only "gr" with "grpah", 0.2).
 */
const SPELLING_MIN_SIMILARITY = 0.35;
/** The index's own cut, below SPELLING_MIN_SIMILARITY: "grpah" reaches "graph" (0.2) to rank. */
const SPELLING_INDEX_THRESHOLD = 0.2;
/** From this length, a spelling also stands for the longer words it begins. */
const PREFIX_MIN_LENGTH = 4;

/** `word` escaped for LIKE, then any ending. */
function startingWith(word: SQL): SQL {
  return sql`replace(replace(replace(${word}, '\', '\\'), '%', '\%'), '_', '\_') || '%'`;
}

/**
 * What posts, groups and events are searched with: q's words (as PostgreSQL's "simple"
 * configuration reads them, the same way the texts' `search_vector` was made), each standing for
 * the spellings of it that the community has written (search_words): itself, the words it
 * begins, the same letters in another order ("pyhton": python) and, only when none of those
 * exists, its closest spellings. A text must hold every word. Returned as a tsquery's text, or
 * null when q has no word; ran once per search, so that each kind's query is planned with it as a
 * constant (the planner then knows a common word from a rare one).
 */
export async function textQueryOf(db: Database, q: string): Promise<string | null> {
  const [row] = await withThreshold<{ query: string | null }>(
    db,
    sql`
      with query_words as materialized (
        select lexeme as word from unnest(to_tsvector('simple'::regconfig, ${q}))
        order by length(lexeme) desc, lexeme
        limit ${MAX_QUERY_WORDS}
      ),
      spellings as (
        select t.word as asked, w.word, w.tier, w.score
        from query_words t
        -- One index probe per word of q (a lateral kept apart by offset 0: as a plain join, the
        -- whole list would be scanned).
        cross join lateral (
          select s.word,
            case when s.word = t.word then 0
              when starts_with(s.word, t.word) then 1
              when length(s.word) <> length(t.word) then 3
              when ${sortedLetters(sql`s.word`)} = ${sortedLetters(sql`t.word`)} then 2
              else 3 end as tier,
            similarity(s.word, t.word) as score
          from search_words s
          -- Short words are taken as typed: two letters share too few trigrams to correct.
          where length(t.word) >= 3
            and (s.word % t.word or s.word like ${startingWith(sql`t.word`)})
          offset 0
        ) w
      ),
      ranked as (
        select asked, word, tier,
          row_number() over (partition by asked order by tier, score desc, word) as n,
          bool_or(tier <= 2) over (partition by asked) as known
        from spellings
        where tier <= 2 or score >= ${SPELLING_MIN_SIMILARITY}
      ),
      chosen as (
        -- The word as typed always counts (a word longer than the list keeps is found as typed).
        select word as asked, word from query_words
        union
        select asked, word from ranked where tier <= 2 or (not known and n <= ${CLOSE_SPELLINGS})
      ),
      per_word as (
        select asked, string_agg(
          case when length(word) >= ${PREFIX_MIN_LENGTH}
            then search_word_query(word)::text || ':*'
            else search_word_query(word)::text end,
          ' | ' order by word) as alternatives
        from chosen group by asked
      )
      select string_agg('(' || alternatives || ')', ' & ' order by asked) as query from per_word
    `,
    SPELLING_INDEX_THRESHOLD,
  );
  return row?.query ?? null;
}

/**
 * Runs a text kind's query: its rows come from the full-text index, never from walking an
 * ordered index and testing each row. The planner cannot tell how many texts a prefix query
 * finds: it walked all 50,000 posts, newest first, for a word that none held (37 ms), where the
 * index answers in 1 ms, and reads a word in one post in eight, 6,000 rows, in under 20 ms.
 */
async function withTextIndex<T>(db: Database, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_indexscan', 'off', true), set_config('jit', 'off', true)`,
    );
    return selectRows<T>(tx as unknown as Database, query);
  });
}

/**
 * The CTE `page`: the rows `hits` selects (aliased r: the texts holding the query, as their
 * owner lends them) in `order` (given the alias to read), then only those `visible` keeps (it
 * reads `ranked`), until the page is full: the visibility rule runs for the few rows read, not
 * for every match.
 */
function matchingPage(hits: SQL, visible: SQL, order: (alias: SQL) => SQL, page: SearchPage): SQL {
  return sql`
    page as (
      select ranked.* from (
        ${hits}
        order by ${order(sql`r`)}
        offset 0
      ) ranked
      where ${visible}
      order by ${order(sql`ranked`)}
      ${pageOf(page)}
    )`;
}

// ---------- posts ----------

type PostHitRow = Omit<SearchPost, "createdAt"> & { createdAt: string };

/**
 * Board posts and group posts holding `query` (textQueryOf), newest first, as the community
 * shows them: nothing by someone blocked either way, nothing in a group whose creator is.
 */
export async function searchPosts(
  db: Database,
  viewerId: string,
  query: string,
  page: SearchPage,
): Promise<SearchPost[]> {
  return withTextIndex<PostHitRow>(
    db,
    sql`
      with ${matchingPage(
        postsHolding("r", query),
        postVisibleTo(
          viewerId,
          sql`ranked.author_id`,
          sql`ranked.group_id`,
          sql`ranked.visibility`,
        ),
        (t) => sql`${t}.created_at desc, ${t}.id desc`,
        page,
      )}
      select p.id, p.title, left(p.content, ${SEARCH_EXCERPT_LENGTH}) as excerpt,
        p.author_id as "userId", ${memberName(sql`p.author_id`)} as "authorName",
        p.group_id as "groupId", ${isoTimestamp(sql`p.created_at`)} as "createdAt"
      from page h
      ${joinPost("p", sql`h.id`)}
      order by h.created_at desc, h.id desc
    `,
  );
}

// ---------- groups ----------

type GroupHitRow = Omit<SearchGroup, "tag"> & { tag: string };

/** Study groups holding `query`, newest first; none whose creator is blocked either way. */
export async function searchGroups(
  db: Database,
  viewerId: string,
  query: string,
  page: SearchPage,
): Promise<SearchGroup[]> {
  const rows = await withTextIndex<GroupHitRow>(
    db,
    sql`
      with ${matchingPage(
        groupsHolding("r", query),
        sql`${visibleAuthor(viewerId, sql`ranked.author_id`)}
          and ${groupShownTo(viewerId, sql`ranked.visibility`, sql`ranked.author_id`)}`,
        (t) => sql`${t}.created_at desc, ${t}.id desc`,
        page,
      )}
      select g.id as "_id", g.name, g.description, g.tag, g.author_id as "u_id",
        ${isoTimestamp(sql`g.created_at`)} as "createdAt"
      from page h
      ${joinGroup("g", sql`h.id`)}
      order by h.created_at desc, h.id desc
    `,
  );
  return rows.map((row) => ({ ...row, tag: row.tag as GroupTag }));
}

// ---------- events ----------

/**
 * Events holding `query`: upcoming ones first (soonest first), then past ones (latest first);
 * none whose host is blocked either way.
 */
export async function searchEvents(
  db: Database,
  viewerId: string,
  query: string,
  now: Date,
  page: SearchPage,
): Promise<SearchEvent[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const order = (t: SQL) => sql`${t}.starts_at >= ${at} desc,
    case when ${t}.starts_at >= ${at} then ${t}.starts_at end asc, ${t}.starts_at desc, ${t}.id`;
  return withTextIndex<SearchEvent>(
    db,
    sql`
      with ${matchingPage(
        eventsHolding("r", query),
        sql`${visibleAuthor(viewerId, sql`ranked.author_id`)}
          and ${eventShownTo(viewerId, sql`ranked.visibility`, sql`ranked.author_id`)}`,
        order,
        page,
      )}
      select e.id as "_id", e.title, e.description, ${isoTimestamp(sql`e.starts_at`)} as "date",
        e.location, e.author_id as "u_id", e.utc_offset as "utcOffset", e.group_id as "groupId",
        case when e.cancelled_at is null then null
          else ${isoTimestamp(sql`e.cancelled_at`)} end as "cancelledAt"
      from page h
      ${joinEvent("e", sql`h.id`)}
      order by ${order(sql`h`)}
    `,
  );
}
