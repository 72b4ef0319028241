-- The member's journey (docs/domain/README.md#the-members-journey, decision 014): pauses, the frame
-- of a user habit and its end, and the celebration of a completed habit.
-- A completed habit has left its slot (decision 002) but keeps its history. Not used in this file:
-- a value added to an enum cannot be used in the transaction that adds it.
ALTER TYPE "user_habit_status" ADD VALUE IF NOT EXISTS 'completed';--> statement-breakpoint
CREATE TABLE "habit_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_habit_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "habit_pauses_range" CHECK ("habit_pauses"."ends_on" >= "habit_pauses"."starts_on"),
	CONSTRAINT "habit_pauses_length" CHECK ("habit_pauses"."ends_on" - "habit_pauses"."starts_on" < 14)
);
--> statement-breakpoint
ALTER TABLE "habit_pauses" ADD CONSTRAINT "habit_pauses_user_habit_id_user_habits_id_fk" FOREIGN KEY ("user_habit_id") REFERENCES "public"."user_habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "habit_pauses_user_habit_idx" ON "habit_pauses" USING btree ("user_habit_id","starts_on");--> statement-breakpoint
CREATE TABLE "habit_celebrations" (
	"user_habit_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "habit_celebrations" ADD CONSTRAINT "habit_celebrations_user_habit_id_user_habits_id_fk" FOREIGN KEY ("user_habit_id") REFERENCES "public"."user_habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Paused days of the frame, kept by the habit_pauses trigger below; the database holds the limit of
-- 14 whatever the number of API instances (pause writes lock the user habit's row first).
ALTER TABLE "user_habits" ADD COLUMN "paused_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_habits" ADD CONSTRAINT "user_habits_paused_days_range" CHECK ("user_habits"."paused_days" between 0 and 14);--> statement-breakpoint
-- The frame's last local date: start + length - 1 + paused days. After it the habit is completed.
ALTER TABLE "user_habits" ADD COLUMN "frame_ends_on" date GENERATED ALWAYS AS ("started_on" + "target_days" - 1 + "paused_days") STORED NOT NULL;--> statement-breakpoint
-- Stored progress (migrations 0004, 0007) with paused days transparent to the run: each completed
-- date is numbered by its position among the habit's unpaused dates (the date less the paused days
-- before it), and the n-th newest belongs to the run ending on the newest exactly when its number is
-- n - 1 below the newest's. A habit without pauses reads no pause at all.
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
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS "days_completed", max(x."log_date") AS "last_completed_on",
        count(*) FILTER (WHERE x."k" = x."newest" - (x."n" - 1)::int)::int AS "completed_run"
      FROM (
        SELECT y."log_date", y."k", first_value(y."k") OVER w AS "newest", row_number() OVER w AS "n"
        FROM (
          SELECT l."log_date", l."log_date" - (CASE WHEN h."paused_days" = 0 THEN 0 ELSE coalesce((
            SELECT sum(least(p."ends_on", l."log_date" - 1) - p."starts_on" + 1)
            FROM "habit_pauses" p WHERE p."user_habit_id" = h."id" AND p."starts_on" < l."log_date"), 0) END)::int AS "k"
          FROM "habit_logs" l
          WHERE l."user_habit_id" = h."id" AND l."log_type" = 'completed' AND l."log_date" >= h."started_on"
        ) y
        WINDOW w AS (ORDER BY y."log_date" DESC)
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
$$;--> statement-breakpoint
-- A pause added, shortened or removed: the habit's paused days (so its frame end) and its stored
-- progress. Both write the user habit's row, whose triggers raise the member's activity and standings
-- versions (migrations 0005, 0008): the dashboard and leaderboard show the change on the next read.
CREATE FUNCTION "habit_pauses_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "ids" := ARRAY[NEW."user_habit_id"];
  ELSIF TG_OP = 'DELETE' THEN
    "ids" := ARRAY[OLD."user_habit_id"];
  ELSE
    "ids" := ARRAY(SELECT DISTINCT i FROM unnest(ARRAY[OLD."user_habit_id", NEW."user_habit_id"]) AS i);
  END IF;
  UPDATE "user_habits" AS uh
  SET "paused_days" = coalesce((SELECT sum(p."ends_on" - p."starts_on" + 1) FROM "habit_pauses" p
    WHERE p."user_habit_id" = uh."id"), 0)::int
  WHERE uh."id" = ANY ("ids");
  PERFORM "user_habit_progress_refresh"("ids", true);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "habit_pauses_changed" AFTER INSERT OR UPDATE OR DELETE ON "habit_pauses"
  FOR EACH ROW EXECUTE FUNCTION "habit_pauses_changed"();
