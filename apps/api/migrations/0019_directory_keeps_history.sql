-- Nothing the directory does destroys programme history (issue 32,
-- docs/decisions/020-nothing-cascades-away-history.md).
--
-- A SCIM group deleted archives its team: the team, its departments, their KPIs and measurements
-- stay, and its members stay in it, so past weeks keep counting. Provisioning the group again
-- (same externalId or displayName) clears `archived_at`. The directory's externalId is kept.
ALTER TABLE "teams" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_organisation_external_id_key" ON "teams" USING btree ("organisation_id","external_id") WHERE "teams"."external_id" IS NOT NULL;--> statement-breakpoint
-- A user deleted through SCIM is gone to the directory (404) and stays in HabiTrack deactivated.
ALTER TABLE "users" ADD COLUMN "scim_deleted_at" timestamp with time zone;--> statement-breakpoint
-- A team with departments can no longer be deleted, nor a KPI with measurements: each delete is
-- refused by the database (checked at the end of the statement) instead of taking the
-- programme's history with it.
ALTER TABLE "departments" DROP CONSTRAINT "departments_team_id_teams_id_fk";--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_measurements" DROP CONSTRAINT "kpi_measurements_kpi_id_department_kpis_id_fk";--> statement-breakpoint
ALTER TABLE "kpi_measurements" ADD CONSTRAINT "kpi_measurements_kpi_id_department_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."department_kpis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rights end at once: whoever stops being a team leader (the console, the people file, an import,
-- by hand) loses their team-manager links in the same transaction, so no later request, on any
-- instance, finds a team they manage.
CREATE OR REPLACE FUNCTION "users_drop_team_manager_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "team_managers" WHERE "user_id" = NEW."id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_drop_team_manager_links" AFTER UPDATE OF "role" ON "users"
  FOR EACH ROW WHEN (OLD."role" = 'team_leader' AND NEW."role" <> 'team_leader')
  EXECUTE FUNCTION "users_drop_team_manager_links"();
