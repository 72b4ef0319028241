import { BENEFIT_KEEP_GOING, BENEFIT_TOUGH_WEEK } from '@habitrack/contracts/dashboard/get-dashboard';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { benefitText } from './benefit-message.ts';

describe('the mood widget’s benefit message', () => {
  it('is shown in the catalog’s words', async () => {
    expect(benefitText(i18n, BENEFIT_KEEP_GOING)).toBe(BENEFIT_KEEP_GOING);
    await activateLocale('de-DE');
    expect(benefitText(i18n, BENEFIT_TOUGH_WEEK)).toBe(
      'Harte Woche? Auch kleine Erfolge zählen: Eine erledigte Gewohnheit am Tag ist echter Fortschritt.',
    );
  });

  it('is shown as sent when the app does not know it', async () => {
    await activateLocale('de-DE');
    expect(benefitText(i18n, 'A new message')).toBe('A new message');
  });
});
