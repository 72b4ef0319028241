import { I18nProvider, useLingui } from '@lingui/react';
import { DirectionProvider, useDirection } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { i18n } from '../lib/i18n/i18n.ts';
import { directionOf, isLocale } from '../lib/i18n/locales.ts';

// Mantine's components follow the active locale's direction (right to left for Arabic).
function FollowDirection() {
  const { i18n: active } = useLingui();
  const { dir, setDirection } = useDirection();
  const wanted = directionOf(isLocale(active.locale) ? active.locale : 'en-GB');
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return null;
}

// The texts of the active locale (lib/i18n/i18n.ts activates it before the first render; a change
// re-renders every text at once) and its direction.
export function LocaleProvider({ children }: { children: ReactNode }) {
  const initialDirection = directionOf(isLocale(i18n.locale) ? i18n.locale : 'en-GB');
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={initialDirection} detectDirection={false}>
        <FollowDirection />
        {children}
      </DirectionProvider>
    </I18nProvider>
  );
}
