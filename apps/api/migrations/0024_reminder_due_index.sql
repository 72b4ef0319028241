-- The scheduler's tick reads only the members whose e-mail may be due (docs/domain/notifications.md#the-tick).
-- Each preference row carries, per kind, the first instant at which that e-mail can next fall due
-- and the clock of the tick that worked it out: the scheduler sets both after reading the member,
-- and '-infinity' ("read me at the next tick") is put back by the database whenever what decides
-- it changes: the kind turned on, the chosen time, or the member's time zone. A tick reads the rows
-- due by its clock, and the rows worked out by a later clock than its own (a clock set back), each
-- through a partial index.
ALTER TABLE "notification_preferences" ADD COLUMN "next_reminder_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "next_summary_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "reminder_read_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "summary_read_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "notification_preferences_daily_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "notification_preferences_weekly_idx";--> statement-breakpoint
CREATE INDEX "notification_preferences_reminder_due_idx" ON "notification_preferences" USING btree ("next_reminder_at") WHERE "daily_reminder_enabled";--> statement-breakpoint
CREATE INDEX "notification_preferences_summary_due_idx" ON "notification_preferences" USING btree ("next_summary_at") WHERE "weekly_summary_enabled";--> statement-breakpoint
CREATE INDEX "notification_preferences_reminder_read_idx" ON "notification_preferences" USING btree ("reminder_read_at") WHERE "daily_reminder_enabled";--> statement-breakpoint
CREATE INDEX "notification_preferences_summary_read_idx" ON "notification_preferences" USING btree ("summary_read_at") WHERE "weekly_summary_enabled";--> statement-breakpoint
-- Puts a kind's next due instant back to '-infinity' when the kind is turned on or off or its time changes.
CREATE FUNCTION "notification_preferences_recheck"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."daily_reminder_enabled" IS DISTINCT FROM OLD."daily_reminder_enabled"
      OR NEW."daily_reminder_time" IS DISTINCT FROM OLD."daily_reminder_time" THEN
    NEW."next_reminder_at" := '-infinity';
  END IF;
  IF NEW."weekly_summary_enabled" IS DISTINCT FROM OLD."weekly_summary_enabled" THEN
    NEW."next_summary_at" := '-infinity';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "notification_preferences_recheck" BEFORE UPDATE ON "notification_preferences"
  FOR EACH ROW EXECUTE FUNCTION "notification_preferences_recheck"();--> statement-breakpoint
-- Puts both next due instants of a member back to '-infinity' when their time zone changes.
CREATE FUNCTION "users_time_zone_recheck"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "notification_preferences" SET "next_reminder_at" = '-infinity', "next_summary_at" = '-infinity'
    WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_time_zone_recheck" AFTER UPDATE OF "time_zone" ON "users"
  FOR EACH ROW WHEN (NEW."time_zone" IS DISTINCT FROM OLD."time_zone") EXECUTE FUNCTION "users_time_zone_recheck"();
