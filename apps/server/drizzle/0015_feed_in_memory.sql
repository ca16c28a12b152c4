CREATE TABLE "people_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relation_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
DROP TABLE "feed_queue_entries" CASCADE;--> statement-breakpoint
DROP TABLE "feed_queues" CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS "feed_queue_drop_entries"();--> statement-breakpoint
-- A profile created, edited (a card column, or its creation time) or deleted is numbered in
-- people_changes when its transaction commits (a deferred trigger), under one lock held until
-- the commit: changes become visible in the order of their numbers, so a reader that has seen
-- number n has seen every change before it.
CREATE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name, OLD.photo_url, OLD.photo_key, OLD.age,
      OLD.gender, OLD.about, OLD.skills, OLD.created_at)
    IS NOT DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.photo_url, NEW.photo_key, NEW.age,
      NEW.gender, NEW.about, NEW.skills, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7301015);
  INSERT INTO people_changes (user_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_people_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "people_changed"();--> statement-breakpoint
CREATE SEQUENCE "relation_version_seq";--> statement-breakpoint
-- Both people named by requests or blocks just made or removed get a new relation number (in
-- id order, so two statements naming the same people never wait on each other in a circle).
CREATE FUNCTION "relations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'connection_requests' THEN
    INSERT INTO relation_versions (user_id, version)
      SELECT p.id, nextval('relation_version_seq') FROM (
        SELECT from_user_id AS id FROM changed UNION SELECT to_user_id FROM changed ORDER BY 1
      ) p
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  ELSE
    INSERT INTO relation_versions (user_id, version)
      SELECT p.id, nextval('relation_version_seq') FROM (
        SELECT blocker_id AS id FROM changed UNION SELECT blocked_id FROM changed ORDER BY 1
      ) p
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "connection_requests_made" AFTER INSERT ON "connection_requests"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "relations_changed"();--> statement-breakpoint
CREATE TRIGGER "connection_requests_removed" AFTER DELETE ON "connection_requests"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "relations_changed"();--> statement-breakpoint
CREATE TRIGGER "user_blocks_made" AFTER INSERT ON "user_blocks"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "relations_changed"();--> statement-breakpoint
CREATE TRIGGER "user_blocks_removed" AFTER DELETE ON "user_blocks"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "relations_changed"();
