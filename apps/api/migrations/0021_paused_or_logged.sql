-- Two once-only rules held by the database against concurrent requests (wave 3).
--
-- A day of a habit is paused or logged, never both (docs/domain/pauses.md#concurrency), held by the
-- database whatever the number of API instances. A check-in validated before a pause committed
-- must not land on the newly paused day, nor a pause on a day logged meanwhile.
-- Both sides meet on the user habit's row: a log first takes a key-share lock on it (the lock its
-- foreign key takes anyway, so no check-in ever upgrades a lock it holds), a pause an update lock
-- (the pause service already holds it). Then each reads the other table in a statement of its own,
-- which under READ COMMITTED sees what the other side committed while this one waited. The loser
-- is refused with exclusion_violation and names the rule as its constraint; the API answers 409.
-- A log (new, or moved to another day) is refused on a paused day of its habit.
CREATE FUNCTION "habit_logs_not_on_paused_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "user_habits" WHERE "id" = NEW."user_habit_id" FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM "habit_pauses" p WHERE p."user_habit_id" = NEW."user_habit_id"
      AND NEW."log_date" BETWEEN p."starts_on" AND p."ends_on") THEN
    RAISE EXCEPTION 'habit_logs_not_on_paused_day: % is a paused day of this habit', NEW."log_date"
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'habit_logs_not_on_paused_day';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "habit_logs_not_on_paused_day" BEFORE INSERT OR UPDATE OF "user_habit_id", "log_date" ON "habit_logs"
  FOR EACH ROW EXECUTE FUNCTION "habit_logs_not_on_paused_day"();--> statement-breakpoint
-- A pause (new, or moved or widened) is refused over a logged day of its habit.
CREATE FUNCTION "habit_pauses_not_on_logged_day"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "user_habits" WHERE "id" = NEW."user_habit_id" FOR UPDATE;
  IF EXISTS (SELECT 1 FROM "habit_logs" l WHERE l."user_habit_id" = NEW."user_habit_id"
      AND l."log_date" BETWEEN NEW."starts_on" AND NEW."ends_on") THEN
    RAISE EXCEPTION 'habit_pauses_not_on_logged_day: a day from % to % is logged', NEW."starts_on", NEW."ends_on"
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'habit_pauses_not_on_logged_day';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "habit_pauses_not_on_logged_day" BEFORE INSERT OR UPDATE OF "user_habit_id", "starts_on", "ends_on" ON "habit_pauses"
  FOR EACH ROW EXECUTE FUNCTION "habit_pauses_not_on_logged_day"();
--> statement-breakpoint
-- One measurement per KPI and date (docs/domain/leaders-goals-kpis.md#kpi-measurements), held
-- whatever the number of API instances: a measurement written (new, or moved to another date) first
-- locks its KPI's row, so writes of one KPI run one after the other, then looks for another
-- measurement of that date in a statement of its own (it sees what a write it waited for
-- committed). Measurements of one date stored before this rule stay as they are (nothing is
-- deleted); they can still be changed, not moved onto a date that has one. Refused with
-- unique_violation naming the rule as its constraint; the API answers 409.
CREATE FUNCTION "kpi_measurements_one_per_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."kpi_id", OLD."measured_on") = (NEW."kpi_id", NEW."measured_on") THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "department_kpis" WHERE "id" = NEW."kpi_id" FOR NO KEY UPDATE;
  IF EXISTS (SELECT 1 FROM "kpi_measurements" m WHERE m."kpi_id" = NEW."kpi_id"
      AND m."measured_on" = NEW."measured_on" AND m."id" <> NEW."id") THEN
    RAISE EXCEPTION 'kpi_measurements_one_per_date: this KPI already has a measurement for %', NEW."measured_on"
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'kpi_measurements_one_per_date';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "kpi_measurements_one_per_date" BEFORE INSERT OR UPDATE OF "kpi_id", "measured_on" ON "kpi_measurements"
  FOR EACH ROW EXECUTE FUNCTION "kpi_measurements_one_per_date"();
