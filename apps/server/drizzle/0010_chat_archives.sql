CREATE TABLE "chat_archive_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"archive_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"from_owner" boolean NOT NULL,
	"text" varchar(2000) NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_archives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_archive_messages" ADD CONSTRAINT "chat_archive_messages_archive_id_chat_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."chat_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_archives" ADD CONSTRAINT "chat_archives_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_archive_messages_archive_idx" ON "chat_archive_messages" USING btree ("archive_id","seq");--> statement-breakpoint
CREATE INDEX "chat_archives_owner_idx" ON "chat_archives" USING btree ("owner_id");