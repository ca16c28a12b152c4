ALTER TABLE "user_skills" ADD COLUMN "feed_number" bigint;--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "adult" boolean;--> statement-breakpoint
UPDATE "user_skills" s SET "feed_number" = u."feed_number", "adult" = u."age" >= 18
  FROM "users" u WHERE u."id" = s."user_id";--> statement-breakpoint
-- A skill row takes its person's creation time, feed number and band (18+ or not) when written,
-- and follows them when they change: the feed reads a skill's people of one band from the
-- skills' index alone (modules/feed/postings.ts).
CREATE OR REPLACE FUNCTION "user_skills_take_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person RECORD;
BEGIN
  SELECT "created_at", "feed_number", "age" INTO person FROM "users" WHERE "id" = NEW."user_id";
  IF FOUND THEN
    NEW."created_at" := person."created_at";
    NEW."feed_number" := person."feed_number";
    NEW."adult" := person."age" >= 18;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "users_pass_age_band"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_skills" SET "adult" = NEW."age" >= 18 WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_age_band_to_skills" AFTER UPDATE OF "age" ON "users" FOR EACH ROW
  WHEN ((OLD."age" >= 18) IS DISTINCT FROM (NEW."age" >= 18))
  EXECUTE FUNCTION "users_pass_age_band"();--> statement-breakpoint
CREATE INDEX "user_skills_feed_postings_idx" ON "user_skills" USING btree ("canonical","adult","created_at" DESC NULLS LAST,"feed_number" DESC NULLS LAST);