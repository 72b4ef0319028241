-- Programme insights (docs/domain/insights.md, decision 016): KPI measurements, the team a member
-- belongs to, and the prepared aggregates the insights read, kept current by triggers.
-- A member's team: a department's members are the users of its team.
ALTER TABLE "users" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("team_id");--> statement-breakpoint
-- The member's local date on which an ended habit ended (set by the trigger below), so its later
-- days leave the check-in rate's denominator.
ALTER TABLE "user_habits" ADD COLUMN "ended_on" date;--> statement-breakpoint
UPDATE "user_habits" SET "ended_on" = least("frame_ends_on", coalesce("last_logged_on", "started_on"))
  WHERE "status" = 'ended';--> statement-breakpoint
-- A KPI's unit, baseline and target, and its dated measurements: not locked at the start date.
ALTER TABLE "department_kpis" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "department_kpis" ADD COLUMN "baseline" double precision;--> statement-breakpoint
ALTER TABLE "department_kpis" ADD COLUMN "target" double precision;--> statement-breakpoint
CREATE TABLE "kpi_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kpi_id" uuid NOT NULL,
	"value" double precision NOT NULL,
	"measured_on" date NOT NULL,
	"note" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpi_measurements_note_length" CHECK (char_length("kpi_measurements"."note") <= 500),
	CONSTRAINT "kpi_measurements_value_finite" CHECK ("kpi_measurements"."value" > '-Infinity'::float8 AND "kpi_measurements"."value" < 'Infinity'::float8)
);
--> statement-breakpoint
ALTER TABLE "kpi_measurements" ADD CONSTRAINT "kpi_measurements_kpi_id_department_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."department_kpis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_measurements" ADD CONSTRAINT "kpi_measurements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kpi_measurements_kpi_idx" ON "kpi_measurements" USING btree ("kpi_id","measured_on");--> statement-breakpoint
-- One row per member, week (the Monday of an ISO week of the member's local dates) and fact: the
-- per-member-week marks that make every distinct-member count exact. kind / key / a / b:
--   habits      ''            a = completed habit-days, b = active unpaused habit-days (row = participates)
--   behaviour   behaviour id  the same for that behaviour's habits
--   impact      category      a = positive changes reported
--   mood        ''            a = sum of the week's mood values, b = entries
--   endorsements ''           a = endorsements given
--   chosen      habit id      a = habits of that kind started in the week
CREATE TABLE "insight_member_weeks" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"kind" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"programme_id" uuid NOT NULL,
	"cohort_id" uuid NOT NULL,
	"team_id" uuid,
	"a" bigint DEFAULT 0 NOT NULL,
	"b" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_member_weeks_pk" PRIMARY KEY("user_id","week","kind","key")
);
--> statement-breakpoint
ALTER TABLE "insight_member_weeks" ADD CONSTRAINT "insight_member_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sums over members, per group and week: group_id is a programme (team_id nil: everyone; a
-- team: that department) or a cohort (team_id nil). members = distinct members with the fact.
CREATE TABLE "insight_group_weeks" (
	"group_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"week" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"a" bigint DEFAULT 0 NOT NULL,
	"b" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_group_weeks_pk" PRIMARY KEY("group_id","team_id","week","kind","key")
);
--> statement-breakpoint
-- One row per cohort member: their groups, time zone and the current run of each active habit
-- (slots 1..3), so the group sizes and "streaks now" are one index range per programme.
CREATE TABLE "insight_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"programme_id" uuid NOT NULL,
	"cohort_id" uuid NOT NULL,
	"team_id" uuid,
	"time_zone" text NOT NULL,
	"run1" integer DEFAULT 0 NOT NULL,
	"ends1" date,
	"run2" integer DEFAULT 0 NOT NULL,
	"ends2" date,
	"run3" integer DEFAULT 0 NOT NULL,
	"ends3" date
);
--> statement-breakpoint
ALTER TABLE "insight_members" ADD CONSTRAINT "insight_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_members_programme_idx" ON "insight_members" USING btree ("programme_id","team_id","cohort_id");--> statement-breakpoint
CREATE FUNCTION "insight_week"("d" date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT "d" - (extract(isodow FROM "d")::int - 1)
$$;--> statement-breakpoint
-- The facts of the given (member, week) pairs, computed from the source tables.
CREATE FUNCTION "insight_facts"("uids" uuid[], "weeks" date[])
RETURNS TABLE ("user_id" uuid, "week" date, "kind" text, "key" text, "programme_id" uuid, "cohort_id" uuid,
  "team_id" uuid, "a" bigint, "b" bigint) LANGUAGE sql STABLE AS $$
  WITH p AS (SELECT DISTINCT x."user_id", x."week" FROM unnest("uids", "weeks") AS x("user_id", "week")),
  m AS (
    SELECT p."user_id", p."week", c."programme_id", cm."cohort_id", u."team_id"
    FROM p JOIN "cohort_members" cm ON cm."user_id" = p."user_id"
    JOIN "cohorts" c ON c."id" = cm."cohort_id" JOIN "users" u ON u."id" = p."user_id"
  ),
  hd AS (
    SELECT m."user_id", m."week", hb."behaviour_id", d."day",
      EXISTS (SELECT 1 FROM "habit_pauses" hp WHERE hp."user_habit_id" = h."id"
        AND d."day" BETWEEN hp."starts_on" AND hp."ends_on") AS "paused",
      EXISTS (SELECT 1 FROM "habit_logs" l WHERE l."user_habit_id" = h."id" AND l."log_date" = d."day"
        AND l."log_type" = 'completed') AS "completed"
    FROM m JOIN "user_habits" h ON h."user_id" = m."user_id" AND h."started_on" <= m."week" + 6
      AND least(h."frame_ends_on", coalesce(h."ended_on", h."frame_ends_on")) >= m."week"
    JOIN "habits" hb ON hb."id" = h."habit_id"
    CROSS JOIN LATERAL (
      SELECT g::date AS "day" FROM generate_series(greatest(h."started_on", m."week")::timestamp,
        least(h."frame_ends_on", coalesce(h."ended_on", h."frame_ends_on"), m."week" + 6)::timestamp, interval '1 day') g
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
    JOIN "habit_logs" l ON l."user_habit_id" = h."id" AND l."log_date" BETWEEN m."week" AND m."week" + 6
      AND l."log_type" = 'completed' AND l."positive_change_id" IS NOT NULL
    JOIN "positive_changes" pc ON pc."id" = l."positive_change_id"
    GROUP BY m."user_id", m."week", pc."category"
    UNION ALL
    SELECT m."user_id", m."week", 'mood', '', sum(e."mood_value"), count(*)
    FROM m JOIN "mood_entries" e ON e."user_id" = m."user_id" AND e."entry_date" BETWEEN m."week" AND m."week" + 6
      AND e."mood_value" IS NOT NULL
    GROUP BY m."user_id", m."week"
    UNION ALL
    SELECT m."user_id", m."week", 'endorsements', '', count(*), 0
    FROM m JOIN "endorsements" e ON e."endorser_id" = m."user_id" AND e."endorsed_on" BETWEEN m."week" AND m."week" + 6
    GROUP BY m."user_id", m."week"
    UNION ALL
    SELECT m."user_id", m."week", 'chosen', h."habit_id"::text, count(*), 0
    FROM m JOIN "user_habits" h ON h."user_id" = m."user_id" AND h."started_on" BETWEEN m."week" AND m."week" + 6
    GROUP BY m."user_id", m."week", h."habit_id"
  )
  SELECT f."user_id", f."week", f."kind", f."key", m."programme_id", m."cohort_id", m."team_id", f."a"::bigint, f."b"::bigint
  FROM f JOIN m ON m."user_id" = f."user_id" AND m."week" = f."week"
$$;--> statement-breakpoint
-- Makes the stored facts of the given (member, week) pairs equal to the computed ones; the
-- trigger on insight_member_weeks carries every difference into the group sums.
CREATE FUNCTION "insight_apply"("uids" uuid[], "weeks" date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("uids"), 0) = 0 THEN
    RETURN;
  END IF;
  WITH "n" AS MATERIALIZED (SELECT * FROM "insight_facts"("uids", "weeks")),
  "gone" AS (
    DELETE FROM "insight_member_weeks" f
    USING (SELECT DISTINCT x."user_id", x."week" FROM unnest("uids", "weeks") AS x("user_id", "week")) p
    WHERE f."user_id" = p."user_id" AND f."week" = p."week"
      AND NOT EXISTS (SELECT 1 FROM "n" WHERE "n"."user_id" = f."user_id" AND "n"."week" = f."week"
        AND "n"."kind" = f."kind" AND "n"."key" = f."key")
  )
  -- In key order, so that concurrent writers take the group rows' locks in one order (no deadlock).
  INSERT INTO "insight_member_weeks" SELECT * FROM "n" ORDER BY "week", "kind", "key", "user_id"
  ON CONFLICT ("user_id", "week", "kind", "key") DO UPDATE
    SET "a" = EXCLUDED."a", "b" = EXCLUDED."b", "programme_id" = EXCLUDED."programme_id",
      "cohort_id" = EXCLUDED."cohort_id", "team_id" = EXCLUDED."team_id"
    WHERE ("insight_member_weeks"."a", "insight_member_weeks"."b", "insight_member_weeks"."programme_id",
      "insight_member_weeks"."cohort_id", "insight_member_weeks"."team_id")
      IS DISTINCT FROM (EXCLUDED."a", EXCLUDED."b", EXCLUDED."programme_id", EXCLUDED."cohort_id", EXCLUDED."team_id");
END
$$;--> statement-breakpoint
-- Writes do not touch the shared group rows: a check-in only notes its (member, week) here, a
-- row of that member's own, so writers in one programme never wait on each other. The notes are
-- applied by insight_flush(), which the insights read calls first (and so always answers from
-- current facts); applying takes the group rows in key order.
CREATE TABLE "insight_dirty" (
  "user_id" uuid NOT NULL,
  "week" date NOT NULL,
  CONSTRAINT "insight_dirty_pk" PRIMARY KEY ("user_id", "week")
);--> statement-breakpoint
CREATE FUNCTION "insight_refresh"("uids" uuid[], "weeks" date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insight_dirty" ("user_id", "week")
    SELECT DISTINCT x."user_id", x."week" FROM unnest("uids", "weeks") AS x("user_id", "week")
    WHERE x."user_id" IS NOT NULL AND x."week" IS NOT NULL
    ORDER BY 1, 2
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
CREATE FUNCTION "insight_flush"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  -- One applier at a time; a read that finds another applying answers from the sums as they are.
  IF NOT pg_try_advisory_xact_lock(hashtext('insight_flush')) THEN
    RETURN 0;
  END IF;
  WITH "d" AS (DELETE FROM "insight_dirty" RETURNING "user_id", "week")
  SELECT coalesce(array_agg("d"."user_id"), '{}'), coalesce(array_agg("d"."week"), '{}') INTO "pu", "pw" FROM "d";
  PERFORM "insight_apply"("pu", "pw");
  RETURN cardinality("pu");
END
$$;--> statement-breakpoint
-- Every week a member has or may have facts in: their stored facts, habit frames, moods and
-- endorsements given (a member who moves cohort or team is recomputed whole).
CREATE FUNCTION "insight_refresh_members"("uids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  SELECT coalesce(array_agg(x."user_id"), '{}'), coalesce(array_agg(x."week"), '{}') INTO "pu", "pw" FROM (
    SELECT f."user_id", f."week" FROM "insight_member_weeks" f WHERE f."user_id" = ANY ("uids")
    UNION
    SELECT h."user_id", "insight_week"(g::date) FROM "user_habits" h
      CROSS JOIN LATERAL generate_series(h."started_on"::timestamp, h."frame_ends_on"::timestamp, interval '7 days') g
      WHERE h."user_id" = ANY ("uids")
    UNION
    SELECT h."user_id", "insight_week"(h."frame_ends_on") FROM "user_habits" h WHERE h."user_id" = ANY ("uids")
    UNION
    SELECT e."user_id", "insight_week"(e."entry_date") FROM "mood_entries" e WHERE e."user_id" = ANY ("uids")
    UNION
    SELECT e."endorser_id", "insight_week"(e."endorsed_on") FROM "endorsements" e WHERE e."endorser_id" = ANY ("uids")
  ) x;
  PERFORM "insight_refresh"("pu", "pw");
END
$$;--> statement-breakpoint
-- A member's row of insight_members from their cohort, team, time zone and active habits.
CREATE FUNCTION "insight_members_refresh"("uids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("uids"), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM "insight_members" im WHERE im."user_id" = ANY ("uids")
    AND NOT EXISTS (SELECT 1 FROM "cohort_members" cm WHERE cm."user_id" = im."user_id");
  INSERT INTO "insight_members" ("user_id", "programme_id", "cohort_id", "team_id", "time_zone",
    "run1", "ends1", "run2", "ends2", "run3", "ends3")
  SELECT u."id", c."programme_id", cm."cohort_id", u."team_id", u."time_zone",
    coalesce(h1."completed_run", 0), h1."last_completed_on", coalesce(h2."completed_run", 0), h2."last_completed_on",
    coalesce(h3."completed_run", 0), h3."last_completed_on"
  FROM "users" u JOIN "cohort_members" cm ON cm."user_id" = u."id" JOIN "cohorts" c ON c."id" = cm."cohort_id"
  LEFT JOIN "user_habits" h1 ON h1."user_id" = u."id" AND h1."status" = 'active' AND h1."slot" = 1
  LEFT JOIN "user_habits" h2 ON h2."user_id" = u."id" AND h2."status" = 'active' AND h2."slot" = 2
  LEFT JOIN "user_habits" h3 ON h3."user_id" = u."id" AND h3."status" = 'active' AND h3."slot" = 3
  WHERE u."id" = ANY ("uids")
  ON CONFLICT ("user_id") DO UPDATE SET "programme_id" = EXCLUDED."programme_id", "cohort_id" = EXCLUDED."cohort_id",
    "team_id" = EXCLUDED."team_id", "time_zone" = EXCLUDED."time_zone", "run1" = EXCLUDED."run1",
    "ends1" = EXCLUDED."ends1", "run2" = EXCLUDED."run2", "ends2" = EXCLUDED."ends2", "run3" = EXCLUDED."run3",
    "ends3" = EXCLUDED."ends3"
  WHERE ("insight_members"."programme_id", "insight_members"."cohort_id", "insight_members"."team_id",
    "insight_members"."time_zone", "insight_members"."run1", "insight_members"."ends1", "insight_members"."run2",
    "insight_members"."ends2", "insight_members"."run3", "insight_members"."ends3")
    IS DISTINCT FROM (EXCLUDED."programme_id", EXCLUDED."cohort_id", EXCLUDED."team_id", EXCLUDED."time_zone",
    EXCLUDED."run1", EXCLUDED."ends1", EXCLUDED."run2", EXCLUDED."ends2", EXCLUDED."run3", EXCLUDED."ends3");
END
$$;--> statement-breakpoint
-- A member's fact added, changed or removed: its difference in the group sums (all of the
-- programme, the cohort, and the department when the member has a team). Skipped while
-- insight_rebuild() recomputes everything set-based.
CREATE FUNCTION "insight_group_add"("g" uuid, "t" uuid, "w" date, "k" text, "ky" text, "dm" int, "da" bigint, "db" bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insight_group_weeks" ("group_id", "team_id", "week", "kind", "key", "members", "a", "b")
  VALUES ("g", "t", "w", "k", "ky", "dm", "da", "db")
  ON CONFLICT ("group_id", "team_id", "week", "kind", "key") DO UPDATE
    SET "members" = "insight_group_weeks"."members" + EXCLUDED."members",
      "a" = "insight_group_weeks"."a" + EXCLUDED."a", "b" = "insight_group_weeks"."b" + EXCLUDED."b"
$$;--> statement-breakpoint
CREATE FUNCTION "insight_member_weeks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "nil" uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF current_setting('habitrack.insight_rebuild', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "insight_group_add"(OLD."programme_id", "nil", OLD."week", OLD."kind", OLD."key", -1, -OLD."a", -OLD."b");
    PERFORM "insight_group_add"(OLD."cohort_id", "nil", OLD."week", OLD."kind", OLD."key", -1, -OLD."a", -OLD."b");
    IF OLD."team_id" IS NOT NULL THEN
      PERFORM "insight_group_add"(OLD."programme_id", OLD."team_id", OLD."week", OLD."kind", OLD."key", -1, -OLD."a", -OLD."b");
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "insight_group_add"(NEW."programme_id", "nil", NEW."week", NEW."kind", NEW."key", 1, NEW."a", NEW."b");
    PERFORM "insight_group_add"(NEW."cohort_id", "nil", NEW."week", NEW."kind", NEW."key", 1, NEW."a", NEW."b");
    IF NEW."team_id" IS NOT NULL THEN
      PERFORM "insight_group_add"(NEW."programme_id", NEW."team_id", NEW."week", NEW."kind", NEW."key", 1, NEW."a", NEW."b");
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insight_member_weeks_changed" AFTER INSERT OR UPDATE OR DELETE ON "insight_member_weeks"
  FOR EACH ROW EXECUTE FUNCTION "insight_member_weeks_changed"();--> statement-breakpoint
-- Check-ins: the (member, week) of every log written, changed or removed.
CREATE FUNCTION "insight_habit_logs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(h."user_id"), array_agg("insight_week"(n."log_date")) INTO "pu", "pw"
    FROM (SELECT DISTINCT "user_habit_id", "log_date" FROM "new_logs") n JOIN "user_habits" h ON h."id" = n."user_habit_id";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(h."user_id"), array_agg("insight_week"(o."log_date")) INTO "pu", "pw"
    FROM (SELECT DISTINCT "user_habit_id", "log_date" FROM "old_logs") o JOIN "user_habits" h ON h."id" = o."user_habit_id";
  ELSE
    SELECT array_agg(h."user_id"), array_agg("insight_week"(x."log_date")) INTO "pu", "pw"
    FROM (SELECT "user_habit_id", "log_date" FROM "new_logs" UNION SELECT "user_habit_id", "log_date" FROM "old_logs") x
    JOIN "user_habits" h ON h."id" = x."user_habit_id";
  END IF;
  PERFORM "insight_refresh"("pu", "pw");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insight_habit_logs_insert" AFTER INSERT ON "habit_logs"
  REFERENCING NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "insight_habit_logs_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_habit_logs_update" AFTER UPDATE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "insight_habit_logs_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_habit_logs_delete" AFTER DELETE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" FOR EACH STATEMENT EXECUTE FUNCTION "insight_habit_logs_changed"();--> statement-breakpoint
-- Moods and endorsements given: the (member, week) of each.
CREATE FUNCTION "insight_mood_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "insight_refresh"(ARRAY[OLD."user_id"], ARRAY["insight_week"(OLD."entry_date")]);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "insight_refresh"(ARRAY[NEW."user_id"], ARRAY["insight_week"(NEW."entry_date")]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insight_mood_changed" AFTER INSERT OR UPDATE OR DELETE ON "mood_entries"
  FOR EACH ROW EXECUTE FUNCTION "insight_mood_changed"();--> statement-breakpoint
CREATE FUNCTION "insight_endorsements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM "insight_refresh"(ARRAY[OLD."endorser_id"], ARRAY["insight_week"(OLD."endorsed_on")]);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "insight_refresh"(ARRAY[NEW."endorser_id"], ARRAY["insight_week"(NEW."endorsed_on")]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insight_endorsements_changed" AFTER INSERT OR DELETE OR UPDATE OF "endorser_id", "endorsed_on" ON "endorsements"
  FOR EACH ROW EXECUTE FUNCTION "insight_endorsements_changed"();--> statement-breakpoint
-- An ended habit records the member's local date it ended on; restarting clears it.
CREATE FUNCTION "user_habits_ended_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'ended' AND NEW."ended_on" IS NULL THEN
    NEW."ended_on" := (now() AT TIME ZONE (SELECT u."time_zone" FROM "users" u WHERE u."id" = NEW."user_id"))::date;
  ELSIF NEW."status" <> 'ended' THEN
    NEW."ended_on" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_ended_on" BEFORE INSERT OR UPDATE OF "status" ON "user_habits"
  FOR EACH ROW EXECUTE FUNCTION "user_habits_ended_on"();--> statement-breakpoint
-- A habit picked, ended, paused or moved: every week of its frame, before and after. Its run
-- (written by every check-in) only changes the member's row of insight_members.
-- Lock order: every write that touches both takes the cohort's standings stripes before the
-- insight group rows, so two writers never wait on each other in a cycle. The user_habits
-- triggers below are therefore statement-level and named to fire after "user_habits_standings_*"
-- (PostgreSQL fires triggers of one kind in name order); the insight triggers of cohort_members,
-- endorsements and habit_logs already fire after their standings triggers.
CREATE FUNCTION "insight_frames_refresh"("uids" uuid[], "starts" date[], "ends" date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  SELECT coalesce(array_agg(x."user_id"), '{}'), coalesce(array_agg(x."week"), '{}') INTO "pu", "pw" FROM (
    SELECT f."user_id", "insight_week"(g::date) AS "week"
      FROM unnest("uids", "starts", "ends") AS f("user_id", "started_on", "frame_ends_on")
      CROSS JOIN LATERAL generate_series(f."started_on"::timestamp,
        greatest(f."frame_ends_on", f."started_on" + 6)::timestamp, interval '7 days') g
    UNION
    SELECT f."user_id", "insight_week"(f."frame_ends_on")
      FROM unnest("uids", "starts", "ends") AS f("user_id", "started_on", "frame_ends_on")
  ) x;
  PERFORM "insight_refresh"("pu", "pw");
END
$$;--> statement-breakpoint
CREATE FUNCTION "insight_user_habits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "u" uuid[];
  "s" date[];
  "e" date[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(r."user_id"), array_agg(r."started_on"), array_agg(r."frame_ends_on") INTO "u", "s", "e" FROM "new_rows" r;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(r."user_id"), array_agg(r."started_on"), array_agg(r."frame_ends_on") INTO "u", "s", "e" FROM "old_rows" r;
  ELSE
    SELECT array_agg(r."user_id"), array_agg(r."started_on"), array_agg(r."frame_ends_on") INTO "u", "s", "e" FROM (
      SELECT n."user_id", n."started_on", n."frame_ends_on" FROM "new_rows" n
      JOIN "old_rows" o ON o."id" = n."id"
      WHERE (o."status", o."started_on", o."ended_on", o."paused_days", o."target_days", o."habit_id", o."user_id", o."frame_ends_on")
        IS DISTINCT FROM (n."status", n."started_on", n."ended_on", n."paused_days", n."target_days", n."habit_id", n."user_id", n."frame_ends_on")
      UNION ALL
      SELECT o."user_id", o."started_on", o."frame_ends_on" FROM "old_rows" o
      JOIN "new_rows" n ON n."id" = o."id"
      WHERE (o."status", o."started_on", o."ended_on", o."paused_days", o."target_days", o."habit_id", o."user_id", o."frame_ends_on")
        IS DISTINCT FROM (n."status", n."started_on", n."ended_on", n."paused_days", n."target_days", n."habit_id", n."user_id", n."frame_ends_on")
    ) r;
  END IF;
  IF "u" IS NOT NULL THEN
    PERFORM "insight_frames_refresh"("u", "s", "e");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_insert" AFTER INSERT ON "user_habits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_changed"();--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_update" AFTER UPDATE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_changed"();--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_delete" AFTER DELETE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_changed"();--> statement-breakpoint
CREATE FUNCTION "insight_user_habits_runs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "insight_members_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "insight_members_refresh"(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "insight_members_refresh"(ARRAY(SELECT "user_id" FROM "new_rows" UNION SELECT "user_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_runs_insert" AFTER INSERT ON "user_habits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_runs"();--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_runs_update" AFTER UPDATE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_runs"();--> statement-breakpoint
CREATE TRIGGER "user_habits_~insights_runs_delete" AFTER DELETE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_habits_runs"();--> statement-breakpoint
-- Joining, leaving or moving cohort, changing team or time zone: the member is recomputed whole.
CREATE FUNCTION "insight_member_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    "ids" := ARRAY[NEW."id"];
  ELSIF TG_OP = 'INSERT' THEN
    "ids" := ARRAY[NEW."user_id"];
  ELSIF TG_OP = 'DELETE' THEN
    "ids" := ARRAY[OLD."user_id"];
  ELSE
    "ids" := ARRAY[OLD."user_id", NEW."user_id"];
  END IF;
  PERFORM "insight_members_refresh"("ids");
  PERFORM "insight_refresh_members"("ids");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "insight_cohort_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "cohort_members"
  FOR EACH ROW EXECUTE FUNCTION "insight_member_moved"();--> statement-breakpoint
-- Named to fire after "users_standings_update" (see the lock order above).
CREATE TRIGGER "users_~insights_moved" AFTER UPDATE OF "team_id", "time_zone" ON "users"
  FOR EACH ROW WHEN (OLD."team_id" IS DISTINCT FROM NEW."team_id" OR OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "insight_member_moved"();--> statement-breakpoint
-- Everything recomputed set-based from the source tables: this migration's backfill, and bulk
-- loads that ran without triggers (the benchmark's generator).
CREATE FUNCTION "insight_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM set_config('habitrack.insight_rebuild', 'off', true);
END
$$;--> statement-breakpoint
SELECT "insight_rebuild"();
