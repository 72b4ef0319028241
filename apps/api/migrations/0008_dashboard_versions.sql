CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "member_activity" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_activity" ADD CONSTRAINT "member_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Raises the activity version of the given users (those that still exist: a user being deleted
-- takes their row with them). In user order, so two writers never wait on each other in a cycle.
CREATE FUNCTION "member_activity_touch"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "member_activity" ("user_id", "version")
  SELECT u."id", 1 FROM "users" u WHERE u."id" = ANY ("user_ids") ORDER BY u."id"
  ON CONFLICT ("user_id") DO UPDATE SET "version" = "member_activity"."version" + 1;
$$;--> statement-breakpoint
-- Check-ins: one trigger function for the stored progress (migration 0004) and the activity
-- version. New and removed logs: per statement, as before. Updates: per row, and only when the
-- log's habit, date, type or positive change changed; the same check-in sent again, or a note
-- edited, runs no trigger function at all. Progress depends on the habit, date and type only.
DROP TRIGGER "habit_logs_progress_insert" ON "habit_logs";--> statement-breakpoint
DROP TRIGGER "habit_logs_progress_update" ON "habit_logs";--> statement-breakpoint
DROP TRIGGER "habit_logs_progress_delete" ON "habit_logs";--> statement-breakpoint
DROP FUNCTION "habit_logs_progress"();--> statement-breakpoint
CREATE FUNCTION "habit_logs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "ids" := ARRAY(SELECT DISTINCT "user_habit_id" FROM "new_logs");
  ELSE
    "ids" := ARRAY(SELECT DISTINCT "user_habit_id" FROM "old_logs");
  END IF;
  IF cardinality("ids") = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM "user_habit_progress_refresh"("ids", true);
  PERFORM "member_activity_touch"(ARRAY(SELECT DISTINCT uh."user_id" FROM "user_habits" uh WHERE uh."id" = ANY ("ids")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "habit_logs_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."user_habit_id", OLD."log_date", OLD."log_type") IS DISTINCT FROM (NEW."user_habit_id", NEW."log_date", NEW."log_type") THEN
    PERFORM "user_habit_progress_refresh"(ARRAY(SELECT DISTINCT i FROM unnest(ARRAY[OLD."user_habit_id", NEW."user_habit_id"]) AS i), true);
  END IF;
  PERFORM "member_activity_touch"(ARRAY(
    SELECT DISTINCT uh."user_id" FROM "user_habits" uh WHERE uh."id" IN (OLD."user_habit_id", NEW."user_habit_id")));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "habit_logs_changed_insert" AFTER INSERT ON "habit_logs"
  REFERENCING NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "habit_logs_changed"();--> statement-breakpoint
CREATE TRIGGER "habit_logs_changed_delete" AFTER DELETE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" FOR EACH STATEMENT EXECUTE FUNCTION "habit_logs_changed"();--> statement-breakpoint
CREATE TRIGGER "habit_logs_changed_update" AFTER UPDATE ON "habit_logs"
  FOR EACH ROW WHEN (
    (OLD."user_habit_id", OLD."log_date", OLD."log_type", OLD."positive_change_id")
      IS DISTINCT FROM (NEW."user_habit_id", NEW."log_date", NEW."log_type", NEW."positive_change_id")
  ) EXECUTE FUNCTION "habit_logs_row_changed"();--> statement-breakpoint
-- Rows that carry their user: user habits (picked, ended, progress), moods, cohort membership.
CREATE FUNCTION "user_rows_touch_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "member_activity_touch"(ARRAY(SELECT DISTINCT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "member_activity_touch"(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "member_activity_touch"(ARRAY(SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_activity_insert" AFTER INSERT ON "user_habits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "user_habits_activity_update" AFTER UPDATE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "user_habits_activity_delete" AFTER DELETE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "mood_entries_activity_insert" AFTER INSERT ON "mood_entries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "mood_entries_activity_update" AFTER UPDATE ON "mood_entries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "mood_entries_activity_delete" AFTER DELETE ON "mood_entries"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "cohort_members_activity_insert" AFTER INSERT ON "cohort_members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
CREATE TRIGGER "cohort_members_activity_delete" AFTER DELETE ON "cohort_members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_rows_touch_activity"();--> statement-breakpoint
-- Not on every update: the members' standings counters live in these rows and change often.
CREATE FUNCTION "cohort_members_moved_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_activity_touch"(ARRAY[OLD."user_id", NEW."user_id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cohort_members_activity_moved" AFTER UPDATE OF "cohort_id", "user_id" ON "cohort_members"
  FOR EACH ROW WHEN (OLD."cohort_id" IS DISTINCT FROM NEW."cohort_id" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "cohort_members_moved_activity"();--> statement-breakpoint
CREATE FUNCTION "content_version_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Row by row, and an update only when the row really changed: importing the same file again
-- changes nothing, not even this version.
CREATE TRIGGER "programmes_content_version" AFTER INSERT OR DELETE ON "programmes"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "programmes_content_version_changed" AFTER UPDATE ON "programmes"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "modules_content_version" AFTER INSERT OR DELETE ON "modules"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "modules_content_version_changed" AFTER UPDATE ON "modules"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "behaviours_content_version" AFTER INSERT OR DELETE ON "behaviours"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "behaviours_content_version_changed" AFTER UPDATE ON "behaviours"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "habits_content_version" AFTER INSERT OR DELETE ON "habits"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "habits_content_version_changed" AFTER UPDATE ON "habits"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "positive_changes_content_version" AFTER INSERT OR DELETE ON "positive_changes"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "positive_changes_content_version_changed" AFTER UPDATE ON "positive_changes"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "cohorts_content_version" AFTER INSERT OR DELETE ON "cohorts"
  FOR EACH ROW EXECUTE FUNCTION "content_version_touch"();--> statement-breakpoint
CREATE TRIGGER "cohorts_content_version_renamed" AFTER UPDATE OF "name", "programme_id" ON "cohorts"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."programme_id" IS DISTINCT FROM NEW."programme_id")
  EXECUTE FUNCTION "content_version_touch"();
