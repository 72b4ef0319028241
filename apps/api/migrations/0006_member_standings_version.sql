ALTER TABLE "cohort_members" ADD COLUMN "standings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member's change raises their own counter, not the cohort's row: check-ins of cohort mates no
-- longer queue behind each other's commit. The standings version is the cohort's (raised only on
-- joining and leaving) with the sum of its members' counters.
CREATE OR REPLACE FUNCTION "cohort_standings_touch"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "cohort_members" SET "standings_version" = "standings_version" + 1 WHERE "user_id" = ANY ("user_ids");
$$;--> statement-breakpoint
-- The update trigger fired on every counter raise; membership only changes with cohort_id or user_id.
DROP TRIGGER "cohort_members_standings_update" ON "cohort_members";--> statement-breakpoint
CREATE FUNCTION "cohort_members_moved_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cohorts" SET "standings_version" = "standings_version" + 1 WHERE "id" IN (OLD."cohort_id", NEW."cohort_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cohort_members_standings_moved" AFTER UPDATE OF "cohort_id", "user_id" ON "cohort_members"
  FOR EACH ROW WHEN (OLD."cohort_id" IS DISTINCT FROM NEW."cohort_id" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "cohort_members_moved_standings"();
