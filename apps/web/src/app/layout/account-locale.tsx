import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryOptions, useMe } from '../../features/auth/api/get-me.ts';
import { readAgainInNewLocale } from '../../features/language/api/choose-locale.ts';
import { updateLocale } from '../../features/language/api/update-locale.ts';
import { followAccountLocale, forgetSignInChoice, unsavedSignInChoice } from '../../lib/i18n/i18n.ts';
import { isFreshAnswer } from '../../lib/fresh-answer.ts';

// Once signed in, the app reads the language the server resolves for the member
// (docs/domain/locales.md#in-the-browser). A language picked on the sign-in page is the account's
// own choice from then on, when the account has none yet; an account that has one keeps it.
export function AccountLocale() {
  const me = useMe();
  const queryClient = useQueryClient();
  const answer = me.data;
  const fresh = isFreshAnswer(me);
  const locale = answer?.locale;
  const chosen = answer?.chosen_locale;

  useEffect(() => {
    if (!locale) return;
    const fromSignIn = fresh ? unsavedSignInChoice() : undefined;
    if (fromSignIn === undefined) {
      void followAccountLocale(locale);
      return;
    }
    forgetSignInChoice();
    if (chosen !== null) {
      void followAccountLocale(locale);
      return;
    }
    void followAccountLocale(fromSignIn);
    updateLocale({ locale: fromSignIn }).then(
      (saved) => {
        queryClient.setQueryData(meQueryOptions.queryKey, (me) => me && { ...me, ...saved });
        readAgainInNewLocale(queryClient);
      },
      // Not saved: the page stays in the language picked; the account keeps none.
      (error: unknown) => console.error('Could not save the language picked on the sign-in page', error),
    );
  }, [locale, chosen, fresh, queryClient]);

  return null;
}
