import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { useAppConfig } from '../auth-root.tsx';
import { AccountGate } from '../layout/account-gate.tsx';
import { AppHeader } from '../layout/app-header.tsx';
import { useShowsKeptData } from '../persisted-session.tsx';

// Every route but /callback: sign-in first, then the API's view of the account, then the page.
export function SignedInLayout() {
  const { productName } = useAppConfig();
  const showsKeptData = useShowsKeptData();
  return (
    <RequireAuth productName={productName} showWhileLoading={showsKeptData}>
      <AppHeader productName={productName} />
      <AccountGate providerName={productName}>
        <Container component="main" size="lg" py="xl">
          <Outlet />
        </Container>
      </AccountGate>
    </RequireAuth>
  );
}
