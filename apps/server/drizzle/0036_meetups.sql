CREATE TABLE "availability_slots" (
	"user_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"hour" smallint NOT NULL,
	CONSTRAINT "availability_slots_user_id_day_hour_pk" PRIMARY KEY("user_id","day","hour"),
	CONSTRAINT "availability_slots_day_check" CHECK ("availability_slots"."day" between 0 and 6),
	CONSTRAINT "availability_slots_hour_check" CHECK ("availability_slots"."hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "meetups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_to" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" varchar(120),
	"link" varchar(2048),
	"note" varchar(500),
	"state" text DEFAULT 'proposed' NOT NULL,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetups_state_check" CHECK ("meetups"."state" in ('proposed', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "meetups_times_check" CHECK ("meetups"."ends_at" > "meetups"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "notification_settings" DROP CONSTRAINT "notification_settings_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject_type_check";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "meetup_id" uuid;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_proposed_to_users_id_fk" FOREIGN KEY ("proposed_to") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetups_proposed_by_idx" ON "meetups" USING btree ("proposed_by","starts_at");--> statement-breakpoint
CREATE INDEX "meetups_proposed_to_idx" ON "meetups" USING btree ("proposed_to","starts_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_meetup_id_meetups_id_fk" FOREIGN KEY ("meetup_id") REFERENCES "public"."meetups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_kind_check" CHECK ("notification_settings"."kind" in ('request_received', 'request_accepted', 'message', 'event_reminder', 'event_promoted', 'event_cancelled', 'post_reply', 'daily_picks', 'meetup_accepted', 'meetup_declined', 'meetup_cancelled', 'meetup_reminder'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('request_received', 'request_accepted', 'message', 'event_reminder', 'event_promoted', 'event_cancelled', 'post_reply', 'daily_picks', 'meetup_accepted', 'meetup_declined', 'meetup_cancelled', 'meetup_reminder', 'moderation'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_type_check" CHECK ("notifications"."subject_type" in ('request', 'connection', 'message', 'event', 'group', 'post', 'moderation_action', 'picks', 'meetup'));