-- Events get their own end; those written before it end an hour after they start, as their
-- calendar entries said.
ALTER TABLE "community_events" ADD COLUMN "ends_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "community_events" SET "ends_at" = "starts_at" + interval '1 hour';--> statement-breakpoint
ALTER TABLE "community_events" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_ends_check" CHECK ("community_events"."ends_at" > "community_events"."starts_at");
