CREATE TABLE "feed_queue_entries" (
	"viewer_id" uuid NOT NULL,
	"position" bigint NOT NULL,
	"candidate_id" uuid NOT NULL,
	CONSTRAINT "feed_queue_entries_viewer_id_position_pk" PRIMARY KEY("viewer_id","position")
);
--> statement-breakpoint
CREATE TABLE "feed_queues" (
	"viewer_id" uuid PRIMARY KEY NOT NULL,
	"last_position" bigint NOT NULL,
	"start_position" bigint NOT NULL,
	"phase" text NOT NULL,
	"frontier_at" timestamp with time zone NOT NULL,
	"frontier_id" uuid NOT NULL,
	"newest_at" timestamp with time zone NOT NULL,
	"newest_id" uuid NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"batched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_queues_phase_check" CHECK ("feed_queues"."phase" in ('sharers', 'rest', 'done'))
);
--> statement-breakpoint
DROP INDEX "user_skills_skill_idx";--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_queue_entries" ADD CONSTRAINT "feed_queue_entries_viewer_id_feed_queues_viewer_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."feed_queues"("viewer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_queues" ADD CONSTRAINT "feed_queues_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_queue_entries_candidate_key" ON "feed_queue_entries" USING btree ("viewer_id","candidate_id");--> statement-breakpoint
CREATE INDEX "user_skills_skill_created_idx" ON "user_skills" USING btree ("skill","created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "user_skills" SET "created_at" = "users"."created_at" FROM "users" WHERE "users"."id" = "user_skills"."user_id";--> statement-breakpoint
CREATE FUNCTION "user_skills_take_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."created_at" := coalesce((SELECT "created_at" FROM "users" WHERE "id" = NEW."user_id"), NEW."created_at");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_skills_created_at" BEFORE INSERT OR UPDATE OF "user_id" ON "user_skills" FOR EACH ROW EXECUTE FUNCTION "user_skills_take_created_at"();--> statement-breakpoint
CREATE FUNCTION "users_pass_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_skills" SET "created_at" = NEW."created_at" WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_created_at_to_skills" AFTER UPDATE OF "created_at" ON "users" FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "users_pass_created_at"();
