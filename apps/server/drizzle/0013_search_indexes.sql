CREATE INDEX "community_events_title_trgm_idx" ON "community_events" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_events_description_trgm_idx" ON "community_events" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_posts_title_trgm_idx" ON "community_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "community_posts_content_trgm_idx" ON "community_posts" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "study_groups_name_trgm_idx" ON "study_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "study_groups_description_trgm_idx" ON "study_groups" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);