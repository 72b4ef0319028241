-- SCIM (issue 21, decision 018): the directory's userName when it is not an e-mail address, as
-- Microsoft Entra ID sends it when userName is mapped to something else than userPrincipalName or
-- mail. The e-mail then comes from the SCIM `emails`; null means userName is the e-mail.
ALTER TABLE "users" ADD COLUMN "scim_user_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_scim_user_name_key" ON "users" USING btree ("organisation_id",lower("scim_user_name")) WHERE "users"."scim_user_name" IS NOT NULL;
