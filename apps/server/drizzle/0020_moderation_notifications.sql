ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_subject_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_text_check" CHECK (("notifications"."kind" = 'moderation') = ("notifications"."text" is not null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('request_received', 'request_accepted', 'message', 'event_reminder', 'event_promoted', 'event_cancelled', 'post_reply', 'moderation'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_subject_type_check" CHECK ("notifications"."subject_type" in ('request', 'connection', 'message', 'event', 'group', 'post', 'moderation_action'));