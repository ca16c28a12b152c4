-- Reports filed before the moderation queue become cases with a snapshot of the person as they
-- are now (nothing older was kept), one open case per reported person.
INSERT INTO "moderation_cases" ("subject_type", "subject_id", "person_id", "snapshot", "created_at")
SELECT 'user', u.id, u.id,
  json_build_object(
    'type', 'user', 'takenAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'person', json_build_object(
      'firstName', u.first_name, 'lastName', u.last_name, 'age', u.age, 'gender', u.gender,
      'about', u.about, 'skills', to_json(u.skills), 'photoUrl', '/deleted-account.svg',
      'instagramLink', u.instagram_link, 'otherLink', u.other_link),
    'title', null, 'text', null, 'messages', '[]'::json)::jsonb,
  min(r.created_at)
FROM "user_reports" r JOIN "users" u ON u.id = r.reported_id
GROUP BY u.id;--> statement-breakpoint
INSERT INTO "moderation_reports" ("case_id", "reporter_id", "reason", "details", "created_at")
SELECT c.id, r.reporter_id, r.reason, r.details, r.created_at
FROM "user_reports" r JOIN "moderation_cases" c ON c.subject_type = 'user' AND c.subject_id = r.reported_id;--> statement-breakpoint
-- The audit log is append-only: a row changes only when an account it names is deleted (its id
-- becomes null through the foreign key), and no row is ever deleted.
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'moderation_audit is append-only';
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.action IS DISTINCT FROM OLD.action
    OR NEW.reason IS DISTINCT FROM OLD.reason OR NEW.created_at IS DISTINCT FROM OLD.created_at
    OR NEW.case_id IS DISTINCT FROM OLD.case_id OR NEW.subject_type IS DISTINCT FROM OLD.subject_type
    OR NEW.actor_name IS DISTINCT FROM OLD.actor_name OR NEW.target_name IS DISTINCT FROM OLD.target_name
    OR (NEW.actor_id IS NOT NULL AND NEW.actor_id IS DISTINCT FROM OLD.actor_id)
    OR (NEW.target_id IS NOT NULL AND NEW.target_id IS DISTINCT FROM OLD.target_id)
    OR (NEW.subject_id IS NOT NULL AND NEW.subject_id IS DISTINCT FROM OLD.subject_id) THEN
    RAISE EXCEPTION 'moderation_audit is append-only';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_append_only" BEFORE UPDATE OR DELETE ON "moderation_audit"
FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();--> statement-breakpoint
DROP TABLE "user_reports" CASCADE;
