CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "community_events_title_trgm_idx";--> statement-breakpoint
DROP INDEX "community_events_description_trgm_idx";--> statement-breakpoint
DROP INDEX "community_posts_title_trgm_idx";--> statement-breakpoint
DROP INDEX "community_posts_content_trgm_idx";--> statement-breakpoint
DROP INDEX "study_groups_name_trgm_idx";--> statement-breakpoint
DROP INDEX "study_groups_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "community_events"."title" || ' ' || "community_events"."description")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "community_posts"."title" || ' ' || "community_posts"."content")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "study_groups"."name" || ' ' || "study_groups"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_events_search_idx" ON "community_events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "community_posts_search_idx" ON "community_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "study_groups_search_idx" ON "study_groups" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "user_skills_skill_user_idx" ON "user_skills" USING btree ("skill","user_id");
--> statement-breakpoint
-- One lexeme as a tsquery, whatever characters it holds (quoted, never parsed as operators).
CREATE FUNCTION "search_word_query"(word text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ('''' || replace(replace(word, '\', '\\'), '''', '''''') || '''')::tsquery;--> statement-breakpoint
-- The words of rows just written join search_words (in sorted order: concurrent writers take
-- the same words in the same order, so they never deadlock).
CREATE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM written r, unnest(r.search_vector) w
    WHERE length(w.lexeme) <= 64
    ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The words of rows just deleted or rewritten leave search_words when no text holds them any more.
CREATE FUNCTION "search_words_prune"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words s
  WHERE s.word IN (SELECT w.lexeme FROM gone r, unnest(r.search_vector) w)
    AND NOT EXISTS (SELECT 1 FROM community_posts p WHERE p.search_vector @@ search_word_query(s.word))
    AND NOT EXISTS (SELECT 1 FROM study_groups g WHERE g.search_vector @@ search_word_query(s.word))
    AND NOT EXISTS (SELECT 1 FROM community_events e WHERE e.search_vector @@ search_word_query(s.word));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_posts_words_added" AFTER INSERT ON "community_posts"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "community_posts_words_rewritten" AFTER UPDATE ON "community_posts"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "community_posts_words_replaced" AFTER UPDATE ON "community_posts"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
CREATE TRIGGER "community_posts_words_removed" AFTER DELETE ON "community_posts"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
CREATE TRIGGER "study_groups_words_added" AFTER INSERT ON "study_groups"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "study_groups_words_rewritten" AFTER UPDATE ON "study_groups"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "study_groups_words_replaced" AFTER UPDATE ON "study_groups"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
CREATE TRIGGER "study_groups_words_removed" AFTER DELETE ON "study_groups"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
CREATE TRIGGER "community_events_words_added" AFTER INSERT ON "community_events"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "community_events_words_rewritten" AFTER UPDATE ON "community_events"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER "community_events_words_replaced" AFTER UPDATE ON "community_events"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
CREATE TRIGGER "community_events_words_removed" AFTER DELETE ON "community_events"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION search_words_prune();--> statement-breakpoint
-- The words of what was written before this migration.
INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme FROM (
    SELECT search_vector FROM community_posts
    UNION ALL SELECT search_vector FROM study_groups
    UNION ALL SELECT search_vector FROM community_events
  ) t, unnest(t.search_vector) w
  WHERE length(w.lexeme) <= 64
ON CONFLICT (word) DO NOTHING;
