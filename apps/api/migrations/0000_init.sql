CREATE TYPE "public"."identity_provider" AS ENUM('auth0', 'azure_ad');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('leader', 'team_leader', 'member');--> statement-breakpoint
CREATE TYPE "public"."habit_difficulty" AS ENUM('easy', 'medium', 'hard');--> statement-breakpoint
CREATE TYPE "public"."habit_log_type" AS ENUM('completed', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."user_habit_status" AS ENUM('active', 'ended');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"azure_tenant_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"email_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug"),
	CONSTRAINT "organisations_slug_format" CHECK ("organisations"."slug" ~ '^[a-z0-9][a-z0-9-]*$')
);
--> statement-breakpoint
CREATE TABLE "team_managers" (
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "team_managers_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'team' NOT NULL,
	CONSTRAINT "teams_organisation_name_key" UNIQUE("organisation_id","name")
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "identity_provider" NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_provider_subject_key" UNIQUE("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"job_title" text,
	"role" "user_role" DEFAULT 'member' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"privacy_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_email_shape" CHECK ("users"."email" ~ '^[^@\s]+@[^@\s]+$')
);
--> statement-breakpoint
CREATE TABLE "behaviours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "behaviours_programme_name_key" UNIQUE("programme_id","name")
);
--> statement-breakpoint
CREATE TABLE "habits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"behaviour_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"instructions" text,
	"difficulty" "habit_difficulty" NOT NULL,
	"estimated_time_minutes" integer NOT NULL,
	"default_duration_days" integer DEFAULT 60 NOT NULL,
	"tips" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "habits_behaviour_name_key" UNIQUE("behaviour_id","name"),
	CONSTRAINT "habits_minutes_range" CHECK ("habits"."estimated_time_minutes" between 1 and 1440),
	CONSTRAINT "habits_duration_range" CHECK ("habits"."default_duration_days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "modules_programme_position_key" UNIQUE("programme_id","position"),
	CONSTRAINT "modules_position_positive" CHECK ("modules"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "positive_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"habit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	CONSTRAINT "positive_changes_habit_name_key" UNIQUE("habit_id","name")
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"intro_content" text,
	"starts_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmes_organisation_slug_key" UNIQUE("organisation_id","slug")
);
--> statement-breakpoint
CREATE TABLE "cohort_members" (
	"cohort_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "cohort_members_cohort_id_user_id_pk" PRIMARY KEY("cohort_id","user_id"),
	CONSTRAINT "cohort_members_user_key" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"programme_id" uuid NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "cohorts_organisation_name_key" UNIQUE("organisation_id","name")
);
--> statement-breakpoint
CREATE TABLE "habit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_habit_id" uuid NOT NULL,
	"log_date" date NOT NULL,
	"log_type" "habit_log_type" NOT NULL,
	"note" text,
	"positive_change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "habit_logs_user_habit_date_key" UNIQUE("user_habit_id","log_date"),
	CONSTRAINT "habit_logs_change_only_when_completed" CHECK ("habit_logs"."positive_change_id" is null or "habit_logs"."log_type" = 'completed'),
	CONSTRAINT "habit_logs_note_length" CHECK (char_length("habit_logs"."note") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "user_habits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"habit_id" uuid NOT NULL,
	"status" "user_habit_status" DEFAULT 'active' NOT NULL,
	"slot" smallint,
	"started_on" date NOT NULL,
	"target_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_habits_slot_range" CHECK ("user_habits"."slot" between 1 and 3),
	CONSTRAINT "user_habits_active_has_slot" CHECK (("user_habits"."status" = 'active' and "user_habits"."slot" is not null) or ("user_habits"."status" <> 'active' and "user_habits"."slot" is null)),
	CONSTRAINT "user_habits_target_days_positive" CHECK ("user_habits"."target_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "mood_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"mood_value" smallint,
	"skipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mood_entries_user_date_key" UNIQUE("user_id","entry_date"),
	CONSTRAINT "mood_entries_value_range" CHECK ("mood_entries"."mood_value" between 1 and 5),
	CONSTRAINT "mood_entries_value_or_skip" CHECK (("mood_entries"."skipped" and "mood_entries"."mood_value" is null) or (not "mood_entries"."skipped" and "mood_entries"."mood_value" is not null))
);
--> statement-breakpoint
CREATE TABLE "endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endorser_id" uuid NOT NULL,
	"endorsed_id" uuid NOT NULL,
	"endorsed_on" date NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endorsements_once_per_day_key" UNIQUE("endorser_id","endorsed_id","endorsed_on"),
	CONSTRAINT "endorsements_not_self" CHECK ("endorsements"."endorser_id" <> "endorsements"."endorsed_id"),
	CONSTRAINT "endorsements_message_length" CHECK (char_length("endorsements"."message") <= 500)
);
--> statement-breakpoint
CREATE TABLE "department_goals" (
	"department_id" uuid NOT NULL,
	"organizational_goal_id" uuid NOT NULL,
	CONSTRAINT "department_goals_department_id_organizational_goal_id_pk" PRIMARY KEY("department_id","organizational_goal_id")
);
--> statement-breakpoint
CREATE TABLE "department_kpis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department_id" uuid NOT NULL,
	"organizational_goal_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_kpis_title_not_blank" CHECK (btrim("department_kpis"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_programme_team_key" UNIQUE("programme_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "organizational_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"sequence_order" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizational_goals_title_not_blank" CHECK (btrim("organizational_goals"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_dedupeKey_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "email_outbox_attempts_non_negative" CHECK ("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "team_managers" ADD CONSTRAINT "team_managers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_managers" ADD CONSTRAINT "team_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviours" ADD CONSTRAINT "behaviours_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habits" ADD CONSTRAINT "habits_behaviour_id_behaviours_id_fk" FOREIGN KEY ("behaviour_id") REFERENCES "public"."behaviours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positive_changes" ADD CONSTRAINT "positive_changes_habit_id_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_members" ADD CONSTRAINT "cohort_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_logs" ADD CONSTRAINT "habit_logs_user_habit_id_user_habits_id_fk" FOREIGN KEY ("user_habit_id") REFERENCES "public"."user_habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habit_logs" ADD CONSTRAINT "habit_logs_positive_change_id_positive_changes_id_fk" FOREIGN KEY ("positive_change_id") REFERENCES "public"."positive_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_habits" ADD CONSTRAINT "user_habits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_habits" ADD CONSTRAINT "user_habits_habit_id_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mood_entries" ADD CONSTRAINT "mood_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_endorser_id_users_id_fk" FOREIGN KEY ("endorser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_endorsed_id_users_id_fk" FOREIGN KEY ("endorsed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_goals" ADD CONSTRAINT "department_goals_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_goals" ADD CONSTRAINT "department_goals_organizational_goal_id_organizational_goals_id_fk" FOREIGN KEY ("organizational_goal_id") REFERENCES "public"."organizational_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_kpis" ADD CONSTRAINT "department_kpis_department_goal_fk" FOREIGN KEY ("department_id","organizational_goal_id") REFERENCES "public"."department_goals"("department_id","organizational_goal_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizational_goals" ADD CONSTRAINT "organizational_goals_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizational_goals" ADD CONSTRAINT "organizational_goals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisations_tenants_idx" ON "organisations" USING gin ("azure_tenant_ids");--> statement-breakpoint
CREATE INDEX "organisations_domains_idx" ON "organisations" USING gin ("email_domains");--> statement-breakpoint
CREATE INDEX "team_managers_user_idx" ON "team_managers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identities_user_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "positive_changes_habit_idx" ON "positive_changes" USING btree ("habit_id");--> statement-breakpoint
CREATE INDEX "habit_logs_positive_change_idx" ON "habit_logs" USING btree ("positive_change_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_habits_active_slot_key" ON "user_habits" USING btree ("user_id","slot") WHERE "user_habits"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "user_habits_active_habit_key" ON "user_habits" USING btree ("user_id","habit_id") WHERE "user_habits"."status" = 'active';--> statement-breakpoint
CREATE INDEX "endorsements_endorsed_idx" ON "endorsements" USING btree ("endorsed_id");--> statement-breakpoint
CREATE INDEX "department_kpis_department_idx" ON "department_kpis" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "organizational_goals_programme_idx" ON "organizational_goals" USING btree ("programme_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';