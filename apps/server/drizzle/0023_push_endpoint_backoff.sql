ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "retry_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "jobs_group_key_idx" ON "jobs" USING btree ("group_key");