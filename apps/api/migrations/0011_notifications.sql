-- Reminder and weekly-summary e-mails (docs/domain/notifications.md, decision 015).
CREATE TYPE "public"."notification_kind" AS ENUM('daily_reminder', 'weekly_summary');--> statement-breakpoint
-- A member's e-mail settings; no row = everything off. The time is a wall-clock time in the
-- member's own time zone, in 15-minute steps.
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_reminder_enabled" boolean DEFAULT false NOT NULL,
	"daily_reminder_time" time DEFAULT '08:00' NOT NULL,
	"weekly_summary_enabled" boolean DEFAULT false NOT NULL,
	"reminder_offer_dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_time_step" CHECK (extract(second from "notification_preferences"."daily_reminder_time") = 0 and extract(minute from "notification_preferences"."daily_reminder_time")::int % 15 = 0)
);
--> statement-breakpoint
-- The claim: one e-mail of a kind per member per local date, whatever the number of API
-- instances. Inserted with ON CONFLICT DO NOTHING in the transaction that queues the e-mail.
CREATE TABLE "notification_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"local_date" date NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_sends_once_key" UNIQUE("user_id","kind","local_date")
);
--> statement-breakpoint
-- Extra header lines of a message (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The scheduler reads, every minute, only the members who turned an e-mail on.
CREATE INDEX "notification_preferences_daily_idx" ON "notification_preferences" USING btree ("user_id") WHERE "notification_preferences"."daily_reminder_enabled";--> statement-breakpoint
CREATE INDEX "notification_preferences_weekly_idx" ON "notification_preferences" USING btree ("user_id") WHERE "notification_preferences"."weekly_summary_enabled";--> statement-breakpoint
-- notification_sends.outbox_id: an outbox row's deletion finds its claim without a scan.
CREATE INDEX "notification_sends_outbox_idx" ON "notification_sends" USING btree ("outbox_id");
