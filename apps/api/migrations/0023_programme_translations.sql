-- Programme content in several languages (docs/domain/programme-content.md#languages, decision 022):
-- each content row keeps its texts in its programme's default language, and the same texts in
-- other locales in a jsonb column beside them, {"de-DE": {"name": "…"}}, so the statement that
-- reads a row reads its translation too. Updating a row already raises the content versions
-- (migrations 0008 and 0016), so held answers see a changed translation on the next request.
ALTER TABLE "programmes" ADD COLUMN "default_locale" text DEFAULT 'en-GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_default_locale_supported" CHECK ("default_locale" IN ('en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar'));--> statement-breakpoint
ALTER TABLE "programmes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_translations_locales" CHECK (jsonb_typeof("translations") = 'object' AND ("translations" - ARRAY['en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar']) = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_translations_locales" CHECK (jsonb_typeof("translations") = 'object' AND ("translations" - ARRAY['en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar']) = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "behaviours" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "behaviours" ADD CONSTRAINT "behaviours_translations_locales" CHECK (jsonb_typeof("translations") = 'object' AND ("translations" - ARRAY['en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar']) = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "habits" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "habits" ADD CONSTRAINT "habits_translations_locales" CHECK (jsonb_typeof("translations") = 'object' AND ("translations" - ARRAY['en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar']) = '{}'::jsonb);--> statement-breakpoint
ALTER TABLE "positive_changes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "positive_changes" ADD CONSTRAINT "positive_changes_translations_locales" CHECK (jsonb_typeof("translations") = 'object' AND ("translations" - ARRAY['en-GB','en-US','de-DE','fr-FR','es-ES','pt-BR','nl-NL','ja-JP','ar']) = '{}'::jsonb);
