ALTER TABLE "users" ADD COLUMN "last_age_band" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_age_band_check" CHECK ("users"."last_age_band" in ('teen', 'adult'));--> statement-breakpoint
-- The age band of the ages already set.
UPDATE "users" SET "last_age_band" = CASE WHEN "age" >= 18 THEN 'adult' ELSE 'teen' END
  WHERE "age" IS NOT NULL;--> statement-breakpoint
-- A card change for the feed's memory now also counts a suspension, a ban or a review hold:
-- each decides who may be shown (the age already did, as a card column).
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
  INSERT INTO people_changes (user_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END $$;
