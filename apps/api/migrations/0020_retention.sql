-- Retention by policy (issue 32, docs/domain/retention.md): an organisation may have the notes of
-- check-ins, moods and the messages of endorsements deleted a number of days after a member's
-- frame ends or after their deactivation; null (the default) keeps everything.
ALTER TABLE "organisations" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_retention_days_range" CHECK ("organisations"."retention_days" BETWEEN 30 AND 3650);--> statement-breakpoint
-- One row per organisation and UTC date on which retention ran: the claim that makes each day's run
-- once, however many workers tick (inserted in the run's own transaction, like a reminder's claim).
CREATE TABLE "retention_runs" (
	"organisation_id" uuid NOT NULL,
	"run_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_runs_pk" PRIMARY KEY("organisation_id","run_on")
);
--> statement-breakpoint
ALTER TABLE "retention_runs" ADD CONSTRAINT "retention_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the insights counted of the moods retention deleted: per member and week, the sum of the
-- values and how many there were. The mood figure is computed from the moods that remain plus
-- these, so past weeks stay as they were whenever a member's facts are computed again (a move of
-- cohort or team, a deactivation, a rebuild). Never shown per person: it is read only here.
CREATE TABLE "insight_retained_moods" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"entries" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_retained_moods_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "insight_retained_moods" ADD CONSTRAINT "insight_retained_moods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The facts of the given (member, week) pairs, as in 0016, with the mood of a week summed over the
-- moods kept and those retention deleted (insight_retained_moods).
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
    SELECT r."user_id", r."week", 'mood', '', sum(r."total"), sum(r."entries")
    FROM (
      SELECT m."user_id", m."week", e."mood_value"::bigint AS "total", 1::bigint AS "entries"
      FROM m JOIN "mood_entries" e ON e."user_id" = m."user_id" AND e."entry_date" BETWEEN m."week" AND m."last_day"
        AND e."mood_value" IS NOT NULL
      UNION ALL
      SELECT m."user_id", m."week", k."total", k."entries"
      FROM m JOIN "insight_retained_moods" k ON k."user_id" = m."user_id" AND k."week" = m."week"
        AND m."week" <= m."last_day"
    ) r
    GROUP BY r."user_id", r."week"
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
-- Everything recomputed (as in 0016), the weeks of deleted moods included.
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
    SELECT k."user_id", k."week" FROM "insight_retained_moods" k
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
$$;
