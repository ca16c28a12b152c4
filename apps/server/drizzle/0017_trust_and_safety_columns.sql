ALTER TABLE "chat_messages" ADD COLUMN "visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_post_replies" ADD COLUMN "visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "visibility" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hidden_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_band_changes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_visibility_check" CHECK ("chat_messages"."visibility" in ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_visibility_check" CHECK ("community_events"."visibility" in ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "community_post_replies" ADD CONSTRAINT "community_post_replies_visibility_check" CHECK ("community_post_replies"."visibility" in ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_visibility_check" CHECK ("community_posts"."visibility" in ('visible', 'held', 'hidden'));--> statement-breakpoint
ALTER TABLE "study_groups" ADD CONSTRAINT "study_groups_visibility_check" CHECK ("study_groups"."visibility" in ('visible', 'held', 'hidden'));