ALTER TABLE "cohorts" ADD COLUMN "standings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Raises the standings version of the cohorts of the given members.
CREATE FUNCTION "cohort_standings_touch"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "cohorts" SET "standings_version" = "standings_version" + 1
  WHERE "id" IN (SELECT "cohort_id" FROM "cohort_members" WHERE "user_id" = ANY ("user_ids"));
$$;--> statement-breakpoint
-- A member's habits changed: picked, ended, or their stored progress recomputed after a check-in.
CREATE FUNCTION "user_habits_touch_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "cohort_standings_touch"(ARRAY(SELECT DISTINCT "user_id" FROM "old_rows"));
  ELSE
    PERFORM "cohort_standings_touch"(ARRAY(SELECT DISTINCT "user_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_habits_standings_insert" AFTER INSERT ON "user_habits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_habits_touch_standings"();--> statement-breakpoint
CREATE TRIGGER "user_habits_standings_update" AFTER UPDATE ON "user_habits"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_habits_touch_standings"();--> statement-breakpoint
CREATE TRIGGER "user_habits_standings_delete" AFTER DELETE ON "user_habits"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_habits_touch_standings"();--> statement-breakpoint
-- What the leaderboard shows of a member, or the date they count by.
CREATE FUNCTION "users_touch_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "cohort_standings_touch"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_standings_update" AFTER UPDATE OF "full_name", "email", "job_title", "role", "time_zone" ON "users"
  FOR EACH ROW WHEN (
    (OLD."full_name", OLD."email", OLD."job_title", OLD."role", OLD."time_zone")
      IS DISTINCT FROM (NEW."full_name", NEW."email", NEW."job_title", NEW."role", NEW."time_zone")
  ) EXECUTE FUNCTION "users_touch_standings"();--> statement-breakpoint
-- Someone joined or left a cohort.
CREATE FUNCTION "cohort_members_touch_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "cohorts" SET "standings_version" = "standings_version" + 1
    WHERE "id" IN (SELECT "cohort_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "cohorts" SET "standings_version" = "standings_version" + 1
    WHERE "id" IN (SELECT "cohort_id" FROM "old_rows");
  ELSE
    UPDATE "cohorts" SET "standings_version" = "standings_version" + 1
    WHERE "id" IN (SELECT "cohort_id" FROM "new_rows" UNION SELECT "cohort_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cohort_members_standings_insert" AFTER INSERT ON "cohort_members"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "cohort_members_touch_standings"();--> statement-breakpoint
CREATE TRIGGER "cohort_members_standings_update" AFTER UPDATE ON "cohort_members"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "cohort_members_touch_standings"();--> statement-breakpoint
CREATE TRIGGER "cohort_members_standings_delete" AFTER DELETE ON "cohort_members"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "cohort_members_touch_standings"();--> statement-breakpoint
-- Endorsement totals are on the leaderboard.
CREATE FUNCTION "endorsements_touch_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "cohort_standings_touch"(ARRAY(SELECT DISTINCT "endorsed_id" FROM "old_rows"));
  ELSE
    PERFORM "cohort_standings_touch"(ARRAY(SELECT DISTINCT "endorsed_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "endorsements_standings_insert" AFTER INSERT ON "endorsements"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "endorsements_touch_standings"();--> statement-breakpoint
CREATE TRIGGER "endorsements_standings_delete" AFTER DELETE ON "endorsements"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "endorsements_touch_standings"();
