ALTER TABLE "feed_queue_entries" DROP CONSTRAINT "feed_queue_entries_viewer_id_feed_queues_viewer_id_fk";--> statement-breakpoint
-- The foreign key's check ran once per inserted entry; a queue's entries now go with the queue
-- (deleted with its viewer's account) through this trigger, which runs only when a queue goes.
CREATE FUNCTION "feed_queue_drop_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "feed_queue_entries" WHERE "viewer_id" = OLD."viewer_id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "feed_queues_drop_entries" AFTER DELETE ON "feed_queues"
  FOR EACH ROW EXECUTE FUNCTION "feed_queue_drop_entries"();
