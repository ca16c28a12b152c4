ALTER TABLE "users" ADD COLUMN "last_age_band" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_age_band_check" CHECK ("users"."last_age_band" in ('teen', 'adult'));