-- A deletion's card change names the person by a digest of their id, never the id: the feed's
-- memory on every process finds whom to drop by the same digest (modules/feed/people.ts), and
-- nothing in the database names the deleted person any more. So does a change to a card whose
-- account is gone by the time the change is written (at commit, in the deletion's transaction).
-- The digest: the first 128 bits of the SHA-256 of the id's text, as a uuid.
CREATE OR REPLACE FUNCTION "deleted_person_digest"(id uuid) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(encode(sha256(convert_to(id::text, 'UTF8')), 'hex'), 1, 32)::uuid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name, OLD.photo_url, OLD.photo_key, OLD.age,
      OLD.gender, OLD.about, OLD.skills, OLD.created_at, OLD.suspended_until, OLD.banned_at,
      OLD.hidden_for_review)
    IS NOT DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.photo_url, NEW.photo_key, NEW.age,
      NEW.gender, NEW.about, NEW.skills, NEW.created_at, NEW.suspended_until, NEW.banned_at,
      NEW.hidden_for_review) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(7301015);
  IF TG_OP = 'DELETE' OR NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.id) THEN
    INSERT INTO people_changes (user_id)
      VALUES (deleted_person_digest(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  ELSE
    INSERT INTO people_changes (user_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The changes already written about people deleted since.
UPDATE people_changes c SET user_id = deleted_person_digest(c.user_id)
  WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id);
