import type { TMeResponse } from '@habitrack/contracts/auth/get-me';
import type { TSupportedLocale } from '@habitrack/contracts/common/locales';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { updateLocale } from './update-locale.ts';

// The signed-in person's account answer (GET /api/v1/auth/me), whose locale the whole app follows
// (app/layout/account-locale.tsx). Features do not import each other, so its key is named here.
const ACCOUNT_QUERY_KEY = ['auth', 'me'];
const isAccountQuery = (key: readonly unknown[]) => key[0] === 'auth' && key[1] === 'me';

// After the account's language is saved: what was read before it (the programme's texts, which the
// server writes in the member's language) is read again in it; the account itself is already current.
// A first read still under way was asked before the save, and a refetch would only join it (TanStack
// Query joins a fetch of a query that has no answer yet): it is cancelled first, then asked again.
export function readAgainInNewLocale(queryClient: QueryClient): void {
  const filters = { predicate: (query: { queryKey: readonly unknown[] }) => !isAccountQuery(query.queryKey) };
  void queryClient.cancelQueries(filters).then(() => queryClient.invalidateQueries(filters));
}

// The language menu of the settings: the choice shows at once (the account answer changes, and the
// app follows it), goes back if the server refuses it, and the server's answer settles what the
// member reads. "Automatic" (null) waits for the server, which alone knows what it resolves to.
export function useChooseLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: TSupportedLocale | null) => updateLocale({ locale }),
    onMutate: async (locale) => {
      await queryClient.cancelQueries({ queryKey: ACCOUNT_QUERY_KEY });
      const previous = queryClient.getQueryData<TMeResponse>(ACCOUNT_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<TMeResponse>(ACCOUNT_QUERY_KEY, {
          ...previous,
          chosen_locale: locale,
          locale: locale ?? previous.locale,
        });
      }
      return { previous };
    },
    onError: (_error, _locale, context) => {
      if (context?.previous) queryClient.setQueryData(ACCOUNT_QUERY_KEY, context.previous);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<TMeResponse>(ACCOUNT_QUERY_KEY, (me) => me && { ...me, ...answer });
      // The programme's texts come from the server in the member's language: read them again.
      readAgainInNewLocale(queryClient);
    },
  });
}
