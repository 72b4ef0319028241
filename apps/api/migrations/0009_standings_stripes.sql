CREATE TABLE "cohort_standings_stripes" (
	"cohort_id" uuid NOT NULL,
	"stripe" smallint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cohort_standings_stripes_cohort_id_stripe_pk" PRIMARY KEY("cohort_id","stripe")
);
--> statement-breakpoint
ALTER TABLE "cohort_standings_stripes" ADD CONSTRAINT "cohort_standings_stripes_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The standings version read sums a cohort's stripes (16 rows) instead of one counter per member
-- (200 rows in a full cohort, on every dashboard and leaderboard read). Every cohort has its 16
-- stripes from its creation, so a raise only ever updates a row. What the members' counters held
-- goes to stripe 0: every cohort's version carries on from where it was.
INSERT INTO "cohort_standings_stripes" ("cohort_id", "stripe", "version")
  SELECT c."id", n, CASE WHEN n = 0 THEN coalesce((SELECT sum(cm."standings_version") FROM "cohort_members" cm
    WHERE cm."cohort_id" = c."id"), 0) ELSE 0 END
  FROM "cohorts" c CROSS JOIN generate_series(0, 15) AS n;--> statement-breakpoint
CREATE FUNCTION "cohort_standings_stripes_create"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cohort_standings_stripes" ("cohort_id", "stripe") SELECT NEW."id", n FROM generate_series(0, 15) AS n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cohorts_standings_stripes" AFTER INSERT ON "cohorts"
  FOR EACH ROW EXECUTE FUNCTION "cohort_standings_stripes_create"();--> statement-breakpoint
-- A member counts on the stripe of their id's last byte; stripes are locked in order, so two
-- touches of several members never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION "cohort_standings_touch"("user_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "cohort_standings_stripes" AS s ("cohort_id", "stripe", "version")
    SELECT cm."cohort_id", get_byte(uuid_send(cm."user_id"), 15) & 15, count(*)
    FROM "cohort_members" cm WHERE cm."user_id" = ANY ("user_ids")
    GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("cohort_id", "stripe") DO UPDATE SET "version" = s."version" + excluded."version";
$$;--> statement-breakpoint
ALTER TABLE "cohort_members" DROP COLUMN "standings_version";