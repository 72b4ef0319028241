-- An insights read applies only its own organisation's written facts (decision 016). Until now it
-- applied every organisation's: a leader's first read after a busy minute elsewhere waited for other
-- customers' check-ins (about 0.2 ms a member-week, docs/operations/capacity.md). Each note now
-- carries its member's organisation, and a read applies that organisation's notes under a lock of
-- its own (insight_flush_organisation), so organisations never wait on each other; insight_flush()
-- (as in 0016) still applies them all, and its lock excludes every per-organisation apply.
ALTER TABLE "insight_dirty" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
UPDATE "insight_dirty" d SET "organisation_id" = u."organisation_id" FROM "users" u WHERE u."id" = d."user_id";--> statement-breakpoint
DELETE FROM "insight_dirty" WHERE "organisation_id" IS NULL;--> statement-breakpoint
ALTER TABLE "insight_dirty" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_dirty" DROP CONSTRAINT "insight_dirty_pk";--> statement-breakpoint
ALTER TABLE "insight_dirty" ADD CONSTRAINT "insight_dirty_pk" PRIMARY KEY ("organisation_id", "user_id", "week");--> statement-breakpoint
-- A note for a member whose row is gone is not needed: their stored facts went with it
-- (insight_member_weeks cascades, and its trigger takes them out of the group sums).
CREATE OR REPLACE FUNCTION "insight_refresh"("uids" uuid[], "weeks" date[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insight_dirty" ("organisation_id", "user_id", "week")
    SELECT DISTINCT u."organisation_id", x."user_id", x."week"
    FROM unnest("uids", "weeks") AS x("user_id", "week") JOIN "users" u ON u."id" = x."user_id"
    WHERE x."week" IS NOT NULL
    ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
-- One organisation's notes: shares the apply lock with other organisations' applies, and takes its
-- organisation's alone. A read that finds its organisation's being applied answers from the sums as
-- they are, as before.
CREATE FUNCTION "insight_flush_organisation"("organisation" uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(hashtext('insight_flush'))
    OR NOT pg_try_advisory_xact_lock(hashtext('insight_flush'), hashtext("organisation"::text)) THEN
    RETURN 0;
  END IF;
  WITH "d" AS (DELETE FROM "insight_dirty" WHERE "organisation_id" = "organisation" RETURNING "user_id", "week")
  SELECT coalesce(array_agg("d"."user_id"), '{}'), coalesce(array_agg("d"."week"), '{}') INTO "pu", "pw" FROM "d";
  IF cardinality("pu") = 0 THEN
    RETURN 0;
  END IF;
  PERFORM "insight_apply"("pu", "pw");
  INSERT INTO "insight_versions" ("organisation_id", "version") VALUES ("organisation", 1)
  ON CONFLICT ("organisation_id") DO UPDATE SET "version" = "insight_versions"."version" + 1;
  RETURN cardinality("pu");
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insight_flush_versions"("organisation" uuid)
RETURNS TABLE ("applied" integer, "version" bigint, "content" bigint) LANGUAGE plpgsql AS $$
BEGIN
  "applied" := "insight_flush_organisation"("organisation");
  SELECT coalesce((SELECT v."version" FROM "insight_versions" v WHERE v."organisation_id" = "organisation"), 0),
    (SELECT c."version" FROM "insight_content_version" c WHERE c."id" = 1)
  INTO "version", "content";
  RETURN NEXT;
END
$$;
