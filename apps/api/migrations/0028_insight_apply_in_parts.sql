-- A read applies at most 5,000 of its organisation's notes (decision 016), the first in key order;
-- the reads after it apply the rest. Until now one read applied them all in one statement: on the
-- benchmark's full data, the morning after a day of check-ins left 21,261 member-weeks noted in
-- one organisation, whose apply took 89 s, past the statement timeout (30 s); it was rolled back and
-- tried again by the next read, so the leaders' figures never moved on, and the read that tried
-- was answered 503. 1,000 of them applied in 2.1 s on the same data. A round of the benchmark's
-- check-ins notes 4,000, applied by one read as before (in parts of 1,000 the leaders' answers were
-- read afresh four times a round).
CREATE OR REPLACE FUNCTION "insight_flush_organisation"("organisation" uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  "pu" uuid[];
  "pw" date[];
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(hashtext('insight_flush'))
    OR NOT pg_try_advisory_xact_lock(hashtext('insight_flush'), hashtext("organisation"::text)) THEN
    RETURN 0;
  END IF;
  WITH "part" AS (
    SELECT x."user_id", x."week" FROM "insight_dirty" x WHERE x."organisation_id" = "organisation"
    ORDER BY x."user_id", x."week" LIMIT 5000
  ),
  "d" AS (
    DELETE FROM "insight_dirty" n USING "part"
    WHERE n."organisation_id" = "organisation" AND n."user_id" = "part"."user_id" AND n."week" = "part"."week"
    RETURNING n."user_id", n."week"
  )
  SELECT coalesce(array_agg("d"."user_id"), '{}'), coalesce(array_agg("d"."week"), '{}') INTO "pu", "pw" FROM "d";
  IF cardinality("pu") = 0 THEN
    RETURN 0;
  END IF;
  PERFORM "insight_apply"("pu", "pw");
  INSERT INTO "insight_versions" ("organisation_id", "version") VALUES ("organisation", 1)
  ON CONFLICT ("organisation_id") DO UPDATE SET "version" = "insight_versions"."version" + 1;
  RETURN cardinality("pu");
END
$$;
