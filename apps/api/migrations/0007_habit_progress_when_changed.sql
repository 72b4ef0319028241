-- Stored progress is written only when it changed, so nothing downstream (the member's standings
-- counter) is raised for a recomputation that found the same figures. Which check-ins recompute
-- at all: migration 0008.
CREATE OR REPLACE FUNCTION "user_habit_progress_refresh"("ids" uuid[], "serialise" boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("ids"), 0) = 0 THEN
    RETURN;
  END IF;
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
  WHERE uh."id" = s."id"
    AND (uh."days_completed", uh."last_completed_on", uh."completed_run", uh."last_logged_on")
      IS DISTINCT FROM (s."days_completed", s."last_completed_on", s."completed_run", s."last_logged_on");
END
$$;
