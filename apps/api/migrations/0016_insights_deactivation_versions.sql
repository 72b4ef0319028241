-- Insights (issue 20, decision 016): a deactivated member leaves every denominator from the day
-- after deactivation, and the versions that confirm a held insights answer (decision 013).
--
-- The member's last counted local date: the day of their deactivation (null while active). From
-- the next day on they are neither a member of any group size nor in any streak bucket.
ALTER TABLE "insight_members" ADD COLUMN "active_until" date;--> statement-breakpoint
-- Versions of what an insights answer shows. One row per organisation, raised by insight_flush()
-- whenever it applies a written fact of one of its members (every change to the prepared
-- aggregates is noted in insight_dirty first, so the flush sees it); and one row for everything
-- else an answer names (cohorts, departments, goals, KPIs and their measurements, behaviours and
-- habits, programmes, who owns a team), raised by statement triggers on those tables: rare writes.
CREATE TABLE "insight_versions" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_content_version_one_row" CHECK ("insight_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "insight_content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "insight_content_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "insight_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "programmes_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "programmes"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "behaviours_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "behaviours"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "habits_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "habits"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "cohorts_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "cohorts"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "team_managers_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "team_managers"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "organizational_goals_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "organizational_goals"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "departments_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "department_goals_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "department_goals"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "department_kpis_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "department_kpis"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
CREATE TRIGGER "kpi_measurements_~insight_content" AFTER INSERT OR UPDATE OR DELETE ON "kpi_measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
-- A user deleted takes their facts with them (cascade, straight into the group sums, no note).
CREATE TRIGGER "users_~insight_content_deleted" AFTER DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "insight_content_touch"();--> statement-breakpoint
-- The facts of the given (member, week) pairs, as in 0013, with every day after a deactivated
-- member's deactivation day (their local date) left out: no habit-day, check-in, mood,
-- endorsement or habit chosen counts after it. least() ignores a null "last_day" (active member).
CREATE OR REPLACE FUNCTION "insight_facts"("uids" uuid[], "weeks" date[])
RETURNS TABLE ("user_id" uuid, "week" date, "kind" text, "key" text, "programme_id" uuid, "cohort_id" uuid,
  "team_id" uuid, "a" bigint, "b" bigint) LANGUAGE sql STABLE AS $$
  WITH p AS (SELECT DISTINCT x."user_id", x."week" FROM unnest("uids", "weeks") AS x("user_id", "week")),
  m AS (
    SELECT p."user_id", p."week", c."programme_id", cm."cohort_id", u."team_id",
      least(p."week" + 6, (u."deactivated_at" AT TIME ZONE u."time_zone")::date) AS "last_day"
    FROM p JOIN "cohort_members" cm ON cm."user_id" = p."user_id"
    JOIN "cohorts" c ON c."id" = cm."cohort_id" JOIN "users" u ON u."id" = p."user_id"
  ),
  hd AS (
    SELECT m."user_id", m."week", hb."behaviour_id", d."day",
      EXISTS (SELECT 1 FROM "habit_pauses" hp WHERE hp."user_habit_id" = h."id"
        AND d."day" BETWEEN hp."starts_on" AND hp."ends_on") AS "paused",
      EXISTS (SELECT 1 FROM "habit_logs" l WHERE l."user_habit_id" = h."id" AND l."log_date" = d."day"
        AND l."log_type" = 'completed') AS "completed"
    FROM m JOIN "user_habits" h ON h."user_id" = m."user_id" AND h."started_on" <= m."last_day"
      AND least(h."frame_ends_on", coalesce(h."ended_on", h."frame_ends_on")) >= m."week"
    JOIN "habits" hb ON hb."id" = h."habit_id"
    CROSS JOIN LATERAL (
      SELECT g::date AS "day" FROM generate_series(greatest(h."started_on", m."week")::timestamp,
        least(h."frame_ends_on", coalesce(h."ended_on", h."frame_ends_on"), m."last_day")::timestamp, interval '1 day') g
    ) d
  ),
  f AS (
    SELECT hd."user_id", hd."week", 'habits'::text AS "kind", ''::text AS "key",
      count(*) FILTER (WHERE hd."completed" AND NOT hd."paused") AS "a", count(*) FILTER (WHERE NOT hd."paused") AS "b"
    FROM hd GROUP BY hd."user_id", hd."week"
    UNION ALL
    SELECT hd."user_id", hd."week", 'behaviour', hd."behaviour_id"::text,
      count(*) FILTER (WHERE hd."completed" AND NOT hd."paused"), count(*) FILTER (WHERE NOT hd."paused")
    FROM hd GROUP BY hd."user_id", hd."week", hd."behaviour_id"
    UNION ALL
    SELECT m."user_id", m."week", 'impact', pc."category", count(*), 0
    FROM m JOIN "user_habits" h ON h."user_id" = m."user_id"
    JOIN "habit_logs" l ON l."user_habit_id" = h."id" AND l."log_date" BETWEEN m."week" AND m."last_day"
      AND l."log_type" = 'completed' AND l."positive_change_id" IS NOT NULL
    JOIN "positive_changes" pc ON pc."id" = l."positive_change_id"
    GROUP BY m."user_id", m."week", pc."category"
    UNION ALL
    SELECT m."user_id", m."week", 'mood', '', sum(e."mood_value"), count(*)
    FROM m JOIN "mood_entries" e ON e."user_id" = m."user_id" AND e."entry_date" BETWEEN m."week" AND m."last_day"
      AND e."mood_value" IS NOT NULL
    GROUP BY m."user_id", m."week"
    UNION ALL
    SELECT m."user_id", m."week", 'endorsements', '', count(*), 0
    FROM m JOIN "endorsements" e ON e."endorser_id" = m."user_id" AND e."endorsed_on" BETWEEN m."week" AND m."last_day"
    GROUP BY m."user_id", m."week"
    UNION ALL
    SELECT m."user_id", m."week", 'chosen', h."habit_id"::text, count(*), 0
    FROM m JOIN "user_habits" h ON h."user_id" = m."user_id" AND h."started_on" BETWEEN m."week" AND m."last_day"
    GROUP BY m."user_id", m."week", h."habit_id"
  )
  SELECT f."user_id", f."week", f."kind", f."key", m."programme_id", m."cohort_id", m."team_id", f."a"::bigint, f."b"::bigint
  FROM f JOIN m ON m."user_id" = f."user_id" AND m."week" = f."week"
$$;--> statement-breakpoint
-- A member's row of insight_members, as in 0013, with their last counted day; and a note of the
-- member's current week, so that the next flush raises their organisation's version (a row of
-- the member's own: writers never wait on each other). Not while insight_rebuild() runs.
CREATE OR REPLACE FUNCTION "insight_members_refresh"("uids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("uids"), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "insight_members" im WHERE im."user_id" = ANY ("uids")
    AND NOT EXISTS (SELECT 1 FROM "cohort_members" cm WHERE cm."user_id" = im."user_id");
  INSERT INTO "insight_members" ("user_id", "programme_id", "cohort_id", "team_id", "time_zone",
    "run1", "ends1", "run2", "ends2", "run3", "ends3", "active_until")
  SELECT u."id", c."programme_id", cm."cohort_id", u."team_id", u."time_zone",
    coalesce(h1."completed_run", 0), h1."last_completed_on", coalesce(h2."completed_run", 0), h2."last_completed_on",
    coalesce(h3."completed_run", 0), h3."last_completed_on", (u."deactivated_at" AT TIME ZONE u."time_zone")::date
  FROM "users" u JOIN "cohort_members" cm ON cm."user_id" = u."id" JOIN "cohorts" c ON c."id" = cm."cohort_id"
  LEFT JOIN "user_habits" h1 ON h1."user_id" = u."id" AND h1."status" = 'active' AND h1."slot" = 1
  LEFT JOIN "user_habits" h2 ON h2."user_id" = u."id" AND h2."status" = 'active' AND h2."slot" = 2
  LEFT JOIN "user_habits" h3 ON h3."user_id" = u."id" AND h3."status" = 'active' AND h3."slot" = 3
  WHERE u."id" = ANY ("uids")
  ON CONFLICT ("user_id") DO UPDATE SET "programme_id" = EXCLUDED."programme_id", "cohort_id" = EXCLUDED."cohort_id",
    "team_id" = EXCLUDED."team_id", "time_zone" = EXCLUDED."time_zone", "run1" = EXCLUDED."run1",
    "ends1" = EXCLUDED."ends1", "run2" = EXCLUDED."run2", "ends2" = EXCLUDED."ends2", "run3" = EXCLUDED."run3",
    "ends3" = EXCLUDED."ends3", "active_until" = EXCLUDED."active_until"
  WHERE ("insight_members"."programme_id", "insight_members"."cohort_id", "insight_members"."team_id",
    "insight_members"."time_zone", "insight_members"."run1", "insight_members"."ends1", "insight_members"."run2",
    "insight_members"."ends2", "insight_members"."run3", "insight_members"."ends3", "insight_members"."active_until")
    IS DISTINCT FROM (EXCLUDED."programme_id", EXCLUDED."cohort_id", EXCLUDED."team_id", EXCLUDED."time_zone",
    EXCLUDED."run1", EXCLUDED."ends1", EXCLUDED."run2", EXCLUDED."ends2", EXCLUDED."run3", EXCLUDED."ends3",
    EXCLUDED."active_until");
  IF current_setting('habitrack.insight_rebuild', true) IS DISTINCT FROM 'on' THEN
    PERFORM "insight_refresh"("uids", array_fill("insight_week"(current_date), ARRAY[cardinality("uids")]));
  END IF;
END
$$;--> statement-breakpoint
-- As in 0013, and the organisations of the members whose facts were applied get a new version.
-- Only one flush runs at a time, so only one writer ever updates insight_versions.
CREATE OR REPLACE FUNCTION "insight_flush"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('insight_flush')) THEN
    RETURN 0;
  END IF;
  WITH "d" AS (DELETE FROM "insight_dirty" RETURNING "user_id", "week")
  SELECT coalesce(array_agg("d"."user_id"), '{}'), coalesce(array_agg("d"."week"), '{}') INTO "pu", "pw" FROM "d";
  IF cardinality("pu") = 0 THEN
    RETURN 0;
  END IF;
  PERFORM "insight_apply"("pu", "pw");
  INSERT INTO "insight_versions" ("organisation_id", "version")
    SELECT DISTINCT u."organisation_id", 1 FROM "users" u WHERE u."id" = ANY ("pu") ORDER BY 1
  ON CONFLICT ("organisation_id") DO UPDATE SET "version" = "insight_versions"."version" + 1;
  RETURN cardinality("pu");
END
$$;--> statement-breakpoint
-- The insights read's first statement: applies the written facts, then answers the versions its
-- answer can be confirmed by (the flush's own writes are visible to the statements after it).
CREATE FUNCTION "insight_flush_versions"("organisation" uuid)
RETURNS TABLE ("applied" integer, "version" bigint, "content" bigint) LANGUAGE plpgsql AS $$
BEGIN
  "applied" := "insight_flush"();
  SELECT coalesce((SELECT v."version" FROM "insight_versions" v WHERE v."organisation_id" = "organisation"), 0),
    (SELECT c."version" FROM "insight_content_version" c WHERE c."id" = 1)
  INTO "version", "content";
  RETURN NEXT;
END
$$;--> statement-breakpoint
-- Everything recomputed (as in 0013); every held insights answer is then read afresh.
CREATE OR REPLACE FUNCTION "insight_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  PERFORM set_config('habitrack.insight_rebuild', 'on', true);
  DELETE FROM "insight_dirty";
  DELETE FROM "insight_members";
  PERFORM "insight_members_refresh"(ARRAY(SELECT "user_id" FROM "cohort_members"));
  DELETE FROM "insight_member_weeks";
  DELETE FROM "insight_group_weeks";
  SELECT coalesce(array_agg(x."user_id"), '{}'), coalesce(array_agg(x."week"), '{}') INTO "pu", "pw" FROM (
    SELECT h."user_id", "insight_week"(g::date) AS "week" FROM "user_habits" h
      CROSS JOIN LATERAL generate_series(h."started_on"::timestamp, h."frame_ends_on"::timestamp, interval '7 days') g
    UNION
    SELECT h."user_id", "insight_week"(h."frame_ends_on") FROM "user_habits" h
    UNION
    SELECT e."user_id", "insight_week"(e."entry_date") FROM "mood_entries" e
    UNION
    SELECT e."endorser_id", "insight_week"(e."endorsed_on") FROM "endorsements" e
  ) x;
  INSERT INTO "insight_member_weeks" SELECT * FROM "insight_facts"("pu", "pw");
  INSERT INTO "insight_group_weeks" ("group_id", "team_id", "week", "kind", "key", "members", "a", "b")
  SELECT g."group_id", g."team_id", f."week", f."kind", f."key", count(*), sum(f."a"), sum(f."b")
  FROM "insight_member_weeks" f
  CROSS JOIN LATERAL (VALUES (f."programme_id", '00000000-0000-0000-0000-000000000000'::uuid),
    (f."cohort_id", '00000000-0000-0000-0000-000000000000'::uuid), (f."programme_id", f."team_id")) g("group_id", "team_id")
  WHERE g."team_id" IS NOT NULL
  GROUP BY g."group_id", g."team_id", f."week", f."kind", f."key";
  UPDATE "insight_content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM set_config('habitrack.insight_rebuild', 'off', true);
END
$$;--> statement-breakpoint
-- Deactivating or reactivating a member recomputes them whole, like moving team (0013).
DROP TRIGGER "users_~insights_moved" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_~insights_moved" AFTER UPDATE OF "team_id", "time_zone", "deactivated_at" ON "users"
  FOR EACH ROW WHEN (OLD."team_id" IS DISTINCT FROM NEW."team_id" OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone"
    OR OLD."deactivated_at" IS DISTINCT FROM NEW."deactivated_at")
  EXECUTE FUNCTION "insight_member_moved"();--> statement-breakpoint
-- Members deactivated before this migration.
SELECT "insight_members_refresh"(ARRAY(SELECT "id" FROM "users" WHERE "deactivated_at" IS NOT NULL));--> statement-breakpoint
SELECT "insight_refresh_members"(ARRAY(SELECT "id" FROM "users" WHERE "deactivated_at" IS NOT NULL));
