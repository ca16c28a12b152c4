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

// Every kind is found with pg_trgm's word similarity (`column %> q`: some extent of the column
// is close to q), which the trigram indexes of migration 0013 answer, so "Jonh" finds John and
// "pyhton" Python. Results are ranked: an exact match first, then a prefix, then by similarity.

/**
 * The lowest word similarity that counts as a match. pg_trgm's default (0.6) misses one swapped
 * pair of letters in a short word: "jonh" scores 0.4 against "john", "pyhton" 0.29 against
 * "python". Ranking puts the close matches first; this only decides what is left out.
 */
export const SEARCH_SIMILARITY_THRESHOLD = 0.25;

/**
 * Long texts (a post's content, a description) match on a whole word close to q (pg_trgm's
 * strict word similarity, `%>>`). At the low threshold above, a short query's common trigrams
 * ("on ", "  p") would be found in nearly every long text, and the index would hand every row to
 * the recheck; typos are forgiven in names and titles, not inside texts.
 */
export const SEARCH_TEXT_THRESHOLD = 0.5;

/**
 * Titles and group names: a little stricter than names and skills, so that a candidate shares at
 * least 3 of a 6-letter query's 7 trigrams ("grpah" still finds "Graph theory", 0.33), and the
 * index does not pass on every title holding a word "on" and a word starting with "p".
 */
export const SEARCH_TITLE_THRESHOLD = 0.3;

/** One page of a kind: offset-paged, since a ranking by similarity has no stable keyset. */
export type SearchPage = { offset: number; limit: number };

/**
 * Runs `query` in a transaction that sets the thresholds for it alone: the `%>` and `%>>`
 * operators (and so the index scans) read them from these settings. JIT is off too: these
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
        set_config('pg_trgm.strict_word_similarity_threshold', ${String(SEARCH_TEXT_THRESHOLD)}, true),
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

// ---------- posts ----------

const MEMBER_NAME = sql`coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), m.username, '')`;

type PostHitRow = Omit<SearchPost, "createdAt"> & { createdAt: string };

/**
 * Board posts and group posts whose title or text is close to q, as the community shows them:
 * nothing by someone blocked either way, nothing in a group whose creator is.
 */
export async function searchPosts(
  db: Database,
  viewerId: string,
  q: string,
  page: SearchPage,
): Promise<SearchPost[]> {
  return withThreshold<PostHitRow>(
    db,
    sql`
      select p.id, p.title, left(p.content, ${SEARCH_EXCERPT_LENGTH}) as excerpt,
        p.author_id as "userId", ${MEMBER_NAME} as "authorName", p.group_id as "groupId",
        ${isoTimestamp(sql`p.created_at`)} as "createdAt"
      from community_posts p
      join community_members m on m.id = p.author_id
      left join users u on u.id = m.user_id
      where (p.title %> ${q} or p.content %>> ${q})
        and not ${blockedEitherWay(viewerId, sql`p.author_id`)}
        and (p.group_id is null or exists (
          select 1 from study_groups g
          where g.id = p.group_id and not ${blockedEitherWay(viewerId, sql`g.author_id`)}
        ))
      order by ${tierOf([sql`p.title`], q, sql`p.title`)},
        greatest(word_similarity(${q}, p.title), strict_word_similarity(${q}, p.content)) desc,
        p.created_at desc, p.id
      ${pageOf(page)}
    `,
    SEARCH_TITLE_THRESHOLD,
  );
}

// ---------- groups ----------

type GroupHitRow = Omit<SearchGroup, "tag"> & { tag: string };

/** Study groups whose name or description is close to q; none whose creator is blocked either way. */
export async function searchGroups(
  db: Database,
  viewerId: string,
  q: string,
  page: SearchPage,
): Promise<SearchGroup[]> {
  const rows = await withThreshold<GroupHitRow>(
    db,
    sql`
      select g.id as "_id", g.name, g.description, g.tag, g.author_id as "u_id",
        ${isoTimestamp(sql`g.created_at`)} as "createdAt"
      from study_groups g
      where (g.name %> ${q} or g.description %>> ${q})
        and not ${blockedEitherWay(viewerId, sql`g.author_id`)}
      order by ${tierOf([sql`g.name`], q, sql`g.name`)},
        greatest(word_similarity(${q}, g.name), strict_word_similarity(${q}, g.description)) desc,
        g.created_at desc, g.id
      ${pageOf(page)}
    `,
    SEARCH_TITLE_THRESHOLD,
  );
  return rows.map((row) => ({ ...row, tag: row.tag as GroupTag }));
}

// ---------- events ----------

/**
 * Events whose title or description is close to q, upcoming ones first (soonest first), then
 * past ones (latest first); none whose host is blocked either way.
 */
export async function searchEvents(
  db: Database,
  viewerId: string,
  q: string,
  now: Date,
  page: SearchPage,
): Promise<SearchEvent[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return withThreshold<SearchEvent>(
    db,
    sql`
      select e.id as "_id", e.title, e.description, ${isoTimestamp(sql`e.starts_at`)} as "date",
        e.location, e.author_id as "u_id", e.utc_offset as "utcOffset", e.group_id as "groupId",
        case when e.cancelled_at is null then null
          else ${isoTimestamp(sql`e.cancelled_at`)} end as "cancelledAt"
      from community_events e
      where (e.title %> ${q} or e.description %>> ${q})
        and not ${blockedEitherWay(viewerId, sql`e.author_id`)}
      order by (e.starts_at >= ${at}) desc,
        ${tierOf([sql`e.title`], q, sql`e.title`)},
        greatest(word_similarity(${q}, e.title), strict_word_similarity(${q}, e.description)) desc,
        case when e.starts_at >= ${at} then e.starts_at end asc,
        e.starts_at desc, e.id
      ${pageOf(page)}
    `,
    SEARCH_TITLE_THRESHOLD,
  );
}
