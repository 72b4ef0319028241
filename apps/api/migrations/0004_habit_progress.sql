ALTER TABLE "user_habits" ADD COLUMN "days_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_habits" ADD COLUMN "last_completed_on" date;--> statement-breakpoint
ALTER TABLE "user_habits" ADD COLUMN "completed_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_habits" ADD COLUMN "last_logged_on" date;--> statement-breakpoint
-- Recomputes the stored progress of the given user habits from their logs. Within a trigger
-- ("serialise"), each habit's transaction-level advisory lock is taken first (in a fixed order),
-- then the logs are read in a new statement (a new snapshot under READ COMMITTED): two check-ins
-- racing on one habit run one after the other, and the second sees the first's log. Not a row
-- lock: every check-in already holds a key-share lock on its user habit (the foreign key), and
-- upgrading it would deadlock. Bulk recomputations (this migration, generated data) take no locks.
CREATE FUNCTION "user_habit_progress_refresh"("ids" uuid[], "serialise" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "serialise" THEN
    PERFORM pg_advisory_xact_lock(k."key")
    FROM (SELECT DISTINCT hashtextextended(i::text, 4004) AS "key" FROM unnest("ids") AS i ORDER BY 1) k;
  END IF;
  UPDATE "user_habits" AS uh
  SET "days_completed" = s."days_completed", "last_completed_on" = s."last_completed_on",
    "completed_run" = s."completed_run", "last_logged_on" = s."last_logged_on"
  FROM (
    SELECT h."id", coalesce(c."days_completed", 0) AS "days_completed", c."last_completed_on",
      coalesce(c."completed_run", 0) AS "completed_run", a."last_logged_on"
    FROM "user_habits" h
    -- Completed dates since the start, newest first: the n-th belongs to the run ending on the
    -- newest exactly when it is n - 1 days before it (dates are unique per habit).
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "days_completed", max(x."log_date") AS "last_completed_on",
        count(*) FILTER (WHERE x."log_date" = x."newest" - (x."n" - 1)::int)::int AS "completed_run"
      FROM (
        SELECT l."log_date", first_value(l."log_date") OVER w AS "newest", row_number() OVER w AS "n"
        FROM "habit_logs" l
        WHERE l."user_habit_id" = h."id" AND l."log_type" = 'completed' AND l."log_date" >= h."started_on"
        WINDOW w AS (ORDER BY l."log_date" DESC)
      ) x
    ) c
    CROSS JOIN LATERAL (
      SELECT max(l."log_date") AS "last_logged_on" FROM "habit_logs" l WHERE l."user_habit_id" = h."id"
    ) a
    WHERE h."id" = ANY ("ids")
  ) s
  WHERE uh."id" = s."id";
END
$$;--> statement-breakpoint
CREATE FUNCTION "habit_logs_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_habit_progress_refresh"(ARRAY(SELECT DISTINCT "user_habit_id" FROM "new_logs"), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "user_habit_progress_refresh"(ARRAY(SELECT DISTINCT "user_habit_id" FROM "old_logs"), true);
  ELSE
    PERFORM "user_habit_progress_refresh"(
      ARRAY(SELECT "user_habit_id" FROM "new_logs" UNION SELECT "user_habit_id" FROM "old_logs"), true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "habit_logs_progress_insert" AFTER INSERT ON "habit_logs"
  REFERENCING NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "habit_logs_progress"();--> statement-breakpoint
CREATE TRIGGER "habit_logs_progress_update" AFTER UPDATE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "habit_logs_progress"();--> statement-breakpoint
CREATE TRIGGER "habit_logs_progress_delete" AFTER DELETE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" FOR EACH STATEMENT EXECUTE FUNCTION "habit_logs_progress"();--> statement-breakpoint
-- Only logs from the start date count, so a new start date recomputes the habit.
CREATE FUNCTION "user_habits_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "user_habit_progress_refresh"(ARRAY[NEW."id"], true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_progress_started_on" AFTER UPDATE OF "started_on" ON "user_habits"
  FOR EACH ROW WHEN (OLD."started_on" IS DISTINCT FROM NEW."started_on") EXECUTE FUNCTION "user_habits_progress"();--> statement-breakpoint
-- Existing habits: computed once from their logs.
SELECT "user_habit_progress_refresh"(ARRAY(SELECT "id" FROM "user_habits"), false);
