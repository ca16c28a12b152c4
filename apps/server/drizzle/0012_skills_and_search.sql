CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "skill_aliases" (
	"alias" varchar(30) PRIMARY KEY NOT NULL,
	"canonical" varchar(30) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skill_relations" (
	"canonical" varchar(30) NOT NULL,
	"related" varchar(30) NOT NULL,
	CONSTRAINT "skill_relations_canonical_related_pk" PRIMARY KEY("canonical","related")
);
--> statement-breakpoint
ALTER TABLE "user_skills" ADD COLUMN "canonical" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "user_skills_canonical_idx" ON "user_skills" USING btree ("canonical","user_id");--> statement-breakpoint
CREATE INDEX "user_skills_skill_trgm_idx" ON "user_skills" USING gin ("skill" gin_trgm_ops);--> statement-breakpoint
-- Until the vocabulary is loaded, a skill is its own canonical skill.
UPDATE "user_skills" SET "canonical" = "skill" WHERE "canonical" = '';
