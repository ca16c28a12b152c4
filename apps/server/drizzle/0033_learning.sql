CREATE TABLE "user_learning" (
	"user_id" uuid NOT NULL,
	"skill" varchar(30) NOT NULL,
	"canonical" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"feed_number" bigint,
	"adult" boolean,
	CONSTRAINT "user_learning_user_id_skill_pk" PRIMARY KEY("user_id","skill")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "learning" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_learning" ADD CONSTRAINT "user_learning_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_learning_feed_postings_idx" ON "user_learning" USING btree ("canonical","adult","created_at" DESC NULLS LAST,"feed_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_learning_canonical_idx" ON "user_learning" USING btree ("canonical","user_id");--> statement-breakpoint
-- A learning row takes its person's creation time, feed number and band as a skill row does,
-- and follows them when they change (modules/feed/postings.ts reads both the same way).
CREATE TRIGGER "user_learning_created_at" BEFORE INSERT OR UPDATE OF "user_id" ON "user_learning"
  FOR EACH ROW EXECUTE FUNCTION "user_skills_take_created_at"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_pass_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_skills" SET "created_at" = NEW."created_at" WHERE "user_id" = NEW."id";
  UPDATE "user_learning" SET "created_at" = NEW."created_at" WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_pass_age_band"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_skills" SET "adult" = NEW."age" >= 18 WHERE "user_id" = NEW."id";
  UPDATE "user_learning" SET "adult" = NEW."age" >= 18 WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- What a person wants to learn is on their card and places them in others' rankings: a change
-- to it is a change of the person (modules/feed/changes.ts).
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name, OLD.photo_url, OLD.photo_key, OLD.age,
      OLD.gender, OLD.about, OLD.skills, OLD.learning, OLD.created_at, OLD.suspended_until,
      OLD.banned_at, OLD.hidden_for_review)
    IS NOT DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.photo_url, NEW.photo_key, NEW.age,
      NEW.gender, NEW.about, NEW.skills, NEW.learning, NEW.created_at, NEW.suspended_until,
      NEW.banned_at, NEW.hidden_for_review) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.id) THEN
    INSERT INTO people_changes (user_id, number)
      VALUES (deleted_person_digest(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END),
        CASE WHEN TG_OP = 'DELETE' THEN OLD.feed_number ELSE NEW.feed_number END);
  ELSE
    INSERT INTO people_changes (user_id, number) VALUES (NEW.id, NEW.feed_number);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A ranking's entries gain the exchange (who can teach whom): the ones kept are made again.
DELETE FROM "feed_rankings";
