CREATE TABLE "community_post_likes" (
	"post_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_post_likes_post_id_member_id_pk" PRIMARY KEY("post_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "community_post_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" varchar(5000) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"event_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_event_id_member_id_pk" PRIMARY KEY("event_id","member_id"),
	CONSTRAINT "event_rsvps_status_check" CHECK ("event_rsvps"."status" in ('going', 'waitlisted'))
);
--> statement-breakpoint
CREATE TABLE "study_group_members" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_members_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "utc_offset" varchar(6) DEFAULT 'Z' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "community_events" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_likes" ADD CONSTRAINT "community_post_likes_member_id_community_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_replies" ADD CONSTRAINT "community_post_replies_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_replies" ADD CONSTRAINT "community_post_replies_author_id_community_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_community_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."community_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_member_id_community_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_members" ADD CONSTRAINT "study_group_members_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_members" ADD CONSTRAINT "study_group_members_member_id_community_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_post_likes_member_idx" ON "community_post_likes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "community_post_replies_post_idx" ON "community_post_replies" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "community_post_replies_author_idx" ON "community_post_replies" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_event_status_idx" ON "event_rsvps" USING btree ("event_id","status","created_at","member_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_member_idx" ON "event_rsvps" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "study_group_members_member_idx" ON "study_group_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "study_group_members_joined_idx" ON "study_group_members" USING btree ("group_id","joined_at","member_id");--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_calendar_token_key" ON "community_members" USING btree ("calendar_token");--> statement-breakpoint
CREATE INDEX "community_posts_group_idx" ON "community_posts" USING btree ("group_id","created_at","id");--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_capacity_check" CHECK ("community_events"."capacity" is null or "community_events"."capacity" between 1 and 100000);--> statement-breakpoint
-- A group's creator has always been its first member.
INSERT INTO "study_group_members" ("group_id", "member_id", "joined_at")
SELECT "id", "author_id", "created_at" FROM "study_groups" ON CONFLICT DO NOTHING;
