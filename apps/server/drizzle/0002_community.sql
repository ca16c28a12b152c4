CREATE TABLE "community_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"location" varchar(200) NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"username" varchar(30),
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_kind_check" CHECK (("community_members"."user_id" = "community_members"."id" and "community_members"."username" is null and "community_members"."password_hash" is null) or ("community_members"."user_id" is null and "community_members"."username" is not null and "community_members"."password_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" varchar(120) NOT NULL,
	"content" varchar(5000) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"name" varchar(80) NOT NULL,
	"description" varchar(500) NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_groups_tag_check" CHECK ("study_groups"."tag" in ('Math', 'Programming', 'DSA', 'Machine Learning'))
);
--> statement-breakpoint
ALTER TABLE "community_events" ADD CONSTRAINT "community_events_author_id_community_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_id_community_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_groups" ADD CONSTRAINT "study_groups_author_id_community_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."community_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_events_starts_at_idx" ON "community_events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "community_events_author_idx" ON "community_events" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_username_lower_key" ON "community_members" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "community_members_user_id_key" ON "community_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_posts_created_at_idx" ON "community_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "study_groups_created_at_idx" ON "study_groups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "study_groups_author_idx" ON "study_groups" USING btree ("author_id");