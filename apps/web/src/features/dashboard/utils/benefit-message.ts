import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  BENEFIT_KEEP_GOING,
  BENEFIT_MOST_DAYS,
  BENEFIT_TOUGH_WEEK,
} from '@habitrack/contracts/dashboard/get-dashboard';

// The mood widget's benefit message comes from the API in English, one of the three the contract
// names; each is shown in the catalog's words. One the app does not know is shown as sent.
const KNOWN: Record<string, MessageDescriptor> = {
  [BENEFIT_MOST_DAYS]: msg`Checking in with yourself most days builds self-awareness, the root of steady leadership.`,
  [BENEFIT_TOUGH_WEEK]: msg`Tough week? Small wins count: one completed habit a day is real progress.`,
  [BENEFIT_KEEP_GOING]: msg`Every check-in helps you spot what lifts your energy. Keep going.`,
};

export function benefitText(i18n: I18n, sent: string): string {
  const known = KNOWN[sent];
  return known ? i18n._(known) : sent;
}
