import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '@habitrack/contracts/common/locales';

// The API's translations: the texts of the e-mails and of the exports people read
// (docs/decisions/021-internationalisation-with-lingui.md). en-GB is the source: each message is
// written in the code as a descriptor, `/*i18n*/ { id, message }`, beside what uses it. One PO
// catalog per locale in apps/api/locales, read and compiled when the server first writes in that
// locale (src/mail/i18n/catalogs.ts). `npm run i18n:extract` fills them from the code.
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...SUPPORTED_LOCALES],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/testing/**', '<rootDir>/src/test/**'],
    },
  ],
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
});
