import { type I18n, i18n as activeI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

type SubmitLabelInput = {
  // Everything ticked, including habits that are already active.
  selectedCount: number;
  // Ticked habits that are not active yet: what saving will send.
  newCount: number;
};

// The primary button's label (docs/domain/screens.md#select-your-habits), in the member's language.
// '(s)' is literal, as written there.
export function getSubmitLabel({ selectedCount, newCount }: SubmitLabelInput, i18n: I18n = activeI18n): string {
  if (selectedCount === 0) return i18n._(msg`Skip to Dashboard`);
  if (newCount === 0) return i18n._(msg`Continue to Dashboard`);
  if (newCount === selectedCount) return i18n._(msg`Start with ${newCount} habit(s)`);
  return i18n._(msg`Add ${newCount} new habit(s) (${selectedCount} total)`);
}
