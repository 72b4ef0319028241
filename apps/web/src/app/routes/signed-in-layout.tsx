import { useLingui } from '@lingui/react/macro';
import { Container } from '@mantine/core';
import { useNavigation, useOutlet } from 'react-router';
import { LoadingState } from '../../components/ui/loading-state.tsx';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { useAppConfig } from '../auth-root.tsx';
import { AccountGate } from '../layout/account-gate.tsx';
import { AccountLocale } from '../layout/account-locale.tsx';
import { AppHeader } from '../layout/app-header.tsx';
import { useShowsKeptData } from '../persisted-session.tsx';

// Every route but /callback: sign-in first, then the API's view of the account, then the page.
// A screen's code downloads when it is first opened (a lazy route): on the first load the router
// renders this layout with no page yet, and on the way to another screen it is loading.
export function SignedInLayout() {
  const { t } = useLingui();
  const { productName } = useAppConfig();
  const page = useOutlet();
  const downloading = useNavigation().state === 'loading' || !page;
  const showsKeptData = useShowsKeptData();
  return (
    <RequireAuth productName={productName} showWhileLoading={showsKeptData}>
      <AccountLocale />
      <AppHeader productName={productName} />
      <AccountGate providerName={productName}>
        <Container component="main" size="lg" py="xl">
          {downloading ? <LoadingState label={t`Loading page`} /> : page}
        </Container>
      </AccountGate>
    </RequireAuth>
  );
}
