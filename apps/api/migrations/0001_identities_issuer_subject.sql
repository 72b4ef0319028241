ALTER TABLE "identities" DROP CONSTRAINT "identities_provider_subject_key";--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_issuer_subject_key" UNIQUE("issuer","subject");