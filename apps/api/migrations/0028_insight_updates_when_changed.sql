-- A check-in sent again, or a note edited, changes nothing the insights count (each log's habit,
-- date, type and positive change, migrations 0013 and 0026), and since 0008 it runs none of the
-- progress triggers. Its insights trigger still noted every updated log's (member, week) for the
-- next read to apply again: about a fifth of a repeated check-in's time in the database. An update
-- now notes only the logs whose counted facts changed; still once per statement and in order
-- (insight_refresh), so concurrent writers never wait on each other in a cycle.
CREATE FUNCTION "insight_habit_logs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  WITH "moved" AS (
    SELECT o."user_habit_id" AS "old_habit", o."log_date" AS "old_date",
      n."user_habit_id" AS "new_habit", n."log_date" AS "new_date"
    FROM "old_logs" o JOIN "new_logs" n ON n."id" = o."id"
    WHERE (o."user_habit_id", o."log_date", o."log_type", o."positive_change_id")
      IS DISTINCT FROM (n."user_habit_id", n."log_date", n."log_type", n."positive_change_id")
  )
  SELECT array_agg(h."user_id"), array_agg("insight_week"(x."log_date")) INTO "pu", "pw"
  FROM (SELECT "old_habit" AS "user_habit_id", "old_date" AS "log_date" FROM "moved"
    UNION SELECT "new_habit", "new_date" FROM "moved") x
  JOIN "user_habits" h ON h."id" = x."user_habit_id";
  IF "pu" IS NOT NULL THEN
    PERFORM "insight_refresh"("pu", "pw");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "insight_habit_logs_update" ON "habit_logs";--> statement-breakpoint
CREATE TRIGGER "insight_habit_logs_update" AFTER UPDATE ON "habit_logs"
  REFERENCING OLD TABLE AS "old_logs" NEW TABLE AS "new_logs" FOR EACH STATEMENT EXECUTE FUNCTION "insight_habit_logs_updated"();
