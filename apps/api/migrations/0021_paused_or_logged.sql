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
