-- Administration (docs/domain/administration.md, decision 018): the administrator right, the
-- deactivated status, the append-only audit log and the SCIM tokens.
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- The directory's id for the user (SCIM externalId), kept as the directory sent it.
ALTER TABLE "users" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_external_id_key" ON "users" USING btree ("organisation_id","external_id") WHERE "external_id" IS NOT NULL;--> statement-breakpoint
-- A member deactivated or reactivated leaves or rejoins their cohort's leaderboard.
DROP TRIGGER "users_standings_update" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_standings_update" AFTER UPDATE OF "full_name", "email", "job_title", "role", "time_zone", "deactivated_at" ON "users"
  FOR EACH ROW WHEN (
    (OLD."full_name", OLD."email", OLD."job_title", OLD."role", OLD."time_zone", OLD."deactivated_at" IS NULL)
      IS DISTINCT FROM (NEW."full_name", NEW."email", NEW."job_title", NEW."role", NEW."time_zone", NEW."deactivated_at" IS NULL)
  ) EXECUTE FUNCTION "users_touch_standings"();--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_token_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- No foreign keys: the log outlives the users and tokens it names, and a cascade would delete from it.
CREATE INDEX "audit_log_organisation_idx" ON "audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "scim_tokens_token_hash_shape" CHECK ("scim_tokens"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_tokens_organisation_idx" ON "scim_tokens" USING btree ("organisation_id");
