-- Who cheered me on (docs/domain/standings-and-endorsements.md#new-since-your-last-visit): when a
-- member last opened their endorsements page, so the dashboard can say how many arrived since. The
-- marker is the created_at of the newest endorsement the page showed, and it only moves forward.
CREATE TABLE "endorsements_seen" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "endorsements_seen" ADD CONSTRAINT "endorsements_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The received list (newest first, keyset pages) and the dashboard's counts (all, and since the
-- marker): index-only range scans of one member's entries.
CREATE INDEX "endorsements_received_idx" ON "endorsements" USING btree ("endorsed_id","created_at","id");--> statement-breakpoint
-- The dashboard shows the endorsements received, so they raise the endorsed member's activity
-- version (migration 0008) like everything else it shows.
CREATE FUNCTION "endorsements_touch_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "member_activity_touch"(ARRAY(SELECT DISTINCT "endorsed_id" FROM "new_rows"));
  ELSE
    PERFORM "member_activity_touch"(ARRAY(SELECT DISTINCT "endorsed_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "endorsements_activity_insert" AFTER INSERT ON "endorsements"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "endorsements_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "endorsements_activity_delete" AFTER DELETE ON "endorsements"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "endorsements_touch_activity"();--> statement-breakpoint
-- A message erased or edited changes no count: only a moved endorsement (rare) raises versions.
CREATE FUNCTION "endorsements_moved_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_activity_touch"(ARRAY[OLD."endorsed_id", NEW."endorsed_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "endorsements_activity_moved" AFTER UPDATE OF "endorsed_id", "created_at" ON "endorsements"
  FOR EACH ROW WHEN (OLD."endorsed_id" IS DISTINCT FROM NEW."endorsed_id" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "endorsements_moved_activity"();--> statement-breakpoint
CREATE FUNCTION "endorsements_seen_touch_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_activity_touch"(ARRAY[NEW."user_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "endorsements_seen_activity_insert" AFTER INSERT ON "endorsements_seen"
  FOR EACH ROW EXECUTE FUNCTION "endorsements_seen_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "endorsements_seen_activity_update" AFTER UPDATE ON "endorsements_seen"
  FOR EACH ROW WHEN (OLD."seen_at" IS DISTINCT FROM NEW."seen_at")
  EXECUTE FUNCTION "endorsements_seen_touch_activity"();
