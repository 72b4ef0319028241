-- Every member in their own language (wave 3): whose locale, in order (docs/domain/locales.md):
-- the member's own choice, else the directory's, else the browser's Accept-Language, else the
-- organisation's default. The first two and the last are stored here; null means "not said".
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "directory_locale" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "default_locale" text DEFAULT 'en-GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_supported" CHECK ("locale" IN ('en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_directory_locale_supported" CHECK ("directory_locale" IN ('en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar'));--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_default_locale_supported" CHECK ("default_locale" IN ('en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar'));
