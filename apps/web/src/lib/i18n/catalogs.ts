import type { Messages } from '@lingui/core';
import type { TLocale } from './locales.ts';

// Each locale's compiled catalog, a chunk of its own: the Vite plugin compiles the imported .po
// file (lingui-vite.ts). Written out per locale so the bundler sees every chunk.
const CATALOGS: Record<TLocale, () => Promise<{ messages: Messages }>> = {
  'en-GB': () => import('../../locales/en-GB/messages.po'),
  'en-US': () => import('../../locales/en-US/messages.po'),
  'de-DE': () => import('../../locales/de-DE/messages.po'),
  'fr-FR': () => import('../../locales/fr-FR/messages.po'),
  'es-ES': () => import('../../locales/es-ES/messages.po'),
  'pt-BR': () => import('../../locales/pt-BR/messages.po'),
  'nl-NL': () => import('../../locales/nl-NL/messages.po'),
  'ja-JP': () => import('../../locales/ja-JP/messages.po'),
  ar: () => import('../../locales/ar/messages.po'),
  'pseudo-LOCALE': () => import('../../locales/pseudo-LOCALE/messages.po'),
};

export async function loadCatalog(locale: TLocale): Promise<Messages> {
  return (await CATALOGS[locale]()).messages;
}
