import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// The web app's translations (docs/decisions/021-internationalisation-with-lingui.md). en-GB is the
// source: its texts are the ones written in the code. One PO catalog per locale; each is compiled by
// the Vite plugin into a chunk of its own (src/lib/i18n/catalogs.ts). The pseudo-locale's catalog is
// generated (every letter accented) and only used by tests, to show which texts do not come
// from a catalog.
export default defineConfig({
  sourceLocale: 'en-GB',
  locales: ['en-GB', 'en-US', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'nl-NL', 'ja-JP', 'ar', 'pseudo-LOCALE'],
  pseudoLocale: 'pseudo-LOCALE',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
