CREATE TABLE "chat_kept_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_a" uuid NOT NULL,
	"user_b" uuid NOT NULL,
	"closed_at" timestamp (3) with time zone NOT NULL,
	"delete_after" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "chat_kept_conversations_pair_order" CHECK ("chat_kept_conversations"."user_a" < "chat_kept_conversations"."user_b")
);
--> statement-breakpoint
CREATE TABLE "chat_kept_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kept_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"text" varchar(2000) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_kept_conversations" ADD CONSTRAINT "chat_kept_conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_kept_conversations" ADD CONSTRAINT "chat_kept_conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_kept_messages" ADD CONSTRAINT "chat_kept_messages_kept_id_chat_kept_conversations_id_fk" FOREIGN KEY ("kept_id") REFERENCES "public"."chat_kept_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_kept_conversations_pair_idx" ON "chat_kept_conversations" USING btree ("user_a","user_b","closed_at");--> statement-breakpoint
CREATE INDEX "chat_kept_conversations_user_b_idx" ON "chat_kept_conversations" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "chat_kept_conversations_delete_after_idx" ON "chat_kept_conversations" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "chat_kept_messages_kept_idx" ON "chat_kept_messages" USING btree ("kept_id","seq");