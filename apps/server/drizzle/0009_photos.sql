CREATE TABLE "photos" (
	"key" varchar(43) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "photo_key" varchar(43);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_key_photos_key_fk" FOREIGN KEY ("photo_key") REFERENCES "public"."photos"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_photo_key_idx" ON "users" USING btree ("photo_key");