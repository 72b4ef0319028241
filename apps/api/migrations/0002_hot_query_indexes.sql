DROP INDEX "endorsements_endorsed_idx";--> statement-breakpoint
CREATE INDEX "habit_logs_completed_idx" ON "habit_logs" USING btree ("user_habit_id","log_date") WHERE "habit_logs"."log_type" = 'completed';--> statement-breakpoint
CREATE INDEX "habit_logs_positive_changes_idx" ON "habit_logs" USING btree ("user_habit_id","positive_change_id") WHERE "habit_logs"."log_type" = 'completed' and "habit_logs"."positive_change_id" is not null;--> statement-breakpoint
CREATE INDEX "user_habits_user_idx" ON "user_habits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "endorsements_endorsed_idx" ON "endorsements" USING btree ("endorsed_id","endorser_id","endorsed_on");