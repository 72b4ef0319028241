-- The administration console (issue 21, decision 018): where SCIM-provisioned people start, the
-- erasure mark, retired habits, and every organisation keeps its last active administrator.
ALTER TABLE "organisations" ADD COLUMN "default_cohort_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "habits" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_default_cohort_id_cohorts_id_fk" FOREIGN KEY ("default_cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_log_organisation_action_idx" ON "audit_log" USING btree ("organisation_id","action","created_at");--> statement-breakpoint
-- An update that takes the right (or the account) from an organisation's last active administrator
-- is refused, whoever writes it (console, people file, SCIM). The organisation's row is locked
-- first, so two administrators removing each other at once are serialised and the second fails.
CREATE FUNCTION "users_keep_last_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "organisations" WHERE "id" = OLD."organisation_id" FOR UPDATE;
  IF NOT EXISTS (
    SELECT 1 FROM "users"
    WHERE "organisation_id" = OLD."organisation_id" AND "is_admin" AND "deactivated_at" IS NULL AND "id" <> OLD."id"
  ) THEN
    RAISE EXCEPTION 'the last administrator of an organisation keeps the right'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_last_admin';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_keep_last_admin" AFTER UPDATE OF "is_admin", "deactivated_at", "organisation_id" ON "users"
  FOR EACH ROW WHEN (
    OLD."is_admin" AND OLD."deactivated_at" IS NULL
    AND (NOT NEW."is_admin" OR NEW."deactivated_at" IS NOT NULL OR NEW."organisation_id" <> OLD."organisation_id")
  ) EXECUTE FUNCTION "users_keep_last_admin"();
