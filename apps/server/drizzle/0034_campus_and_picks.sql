CREATE TABLE "campus_emails" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"university" varchar(160) NOT NULL,
	"code_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_pick_runs" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_pick_runs_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "daily_picks" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"position" smallint NOT NULL,
	"pick_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_picks_user_id_day_position_pk" PRIMARY KEY("user_id","day","position")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "campus" varchar(160);--> statement-breakpoint
ALTER TABLE "campus_emails" ADD CONSTRAINT "campus_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_pick_runs" ADD CONSTRAINT "daily_pick_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_picks" ADD CONSTRAINT "daily_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_picks" ADD CONSTRAINT "daily_picks_pick_id_users_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campus_emails_verified_email_key" ON "campus_emails" USING btree (lower("email")) WHERE "campus_emails"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_picks_pick_key" ON "daily_picks" USING btree ("user_id","day","pick_id");--> statement-breakpoint
CREATE INDEX "daily_picks_pick_day_idx" ON "daily_picks" USING btree ("pick_id","day");--> statement-breakpoint
CREATE INDEX "users_campus_idx" ON "users" USING btree ("campus") WHERE "users"."campus" is not null;--> statement-breakpoint
-- The university is on the card: a change to it is a change of the person (modules/feed).
CREATE OR REPLACE FUNCTION "people_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.first_name, OLD.last_name, OLD.photo_url, OLD.photo_key, OLD.age,
      OLD.gender, OLD.about, OLD.skills, OLD.learning, OLD.campus, OLD.created_at,
      OLD.suspended_until, OLD.banned_at, OLD.hidden_for_review)
    IS NOT DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.photo_url, NEW.photo_key, NEW.age,
      NEW.gender, NEW.about, NEW.skills, NEW.learning, NEW.campus, NEW.created_at,
      NEW.suspended_until, NEW.banned_at, NEW.hidden_for_review) THEN
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
END $$;
