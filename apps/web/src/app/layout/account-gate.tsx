import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AccountProblemScreen } from '../../features/account-problems/components/account-problem-screen.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { AuthLoading } from '../../features/auth/components/auth-loading.tsx';
import { useHybridAuth } from '../../features/auth/hooks/use-hybrid-auth.ts';
import { AuthProblemError } from '../../lib/http.ts';
import { useAccountRefusal } from '../auth-root.tsx';
import { isReloginBlocked, markReloginAttempt } from './relogin-guard.ts';

// A second rejection within this window means signing in again will not help.
const RELOGIN_WINDOW_MS = 60_000;

type AccountGateProps = {
  providerName: string;
  children: ReactNode;
};

// Asks the API who the signed-in person is (GET /api/v1/auth/me) before any page loads its data:
// a 401 with an account reason shows its account-problem screen instead of the page
// (docs/domain/sign-in-in-the-browser.md#when-the-api-refuses-the-account); a token the API rejects
// (`invalid_token`) signs in again, once. Any other call refused for the account (AuthRoot hears of
// it) shows its screen the same way.
export function AccountGate({ providerName, children }: AccountGateProps) {
  const { t } = useLingui();
  const auth = useHybridAuth();
  const me = useMe();
  // A refusal of any call counts, not only the account check's: an account deactivated while its
  // owner is signed in is refused on their next action, wherever it happens.
  const refusal = useAccountRefusal();
  const problem = refusal ?? (me.error instanceof AuthProblemError ? me.error.problem : null);
  const tokenRejected = problem?.reason === 'invalid_token';
  const gaveUp = tokenRejected && isReloginBlocked(RELOGIN_WINDOW_MS);
  const { login } = auth;
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (!tokenRejected || gaveUp) return;
    markReloginAttempt();
    void login(here);
  }, [tokenRejected, gaveUp, login, here]);

  useEffect(() => {
    if (me.error && !problem) console.error('Could not load the signed-in user', me.error);
  }, [me.error, problem]);

  if (me.isPending) return <AuthLoading message={t`Checking your account...`} inline />;
  if (problem && problem.reason !== 'invalid_token') {
    return (
      <AccountProblemScreen
        problem={{ reason: problem.reason, email: problem.email ?? auth.user?.email ?? null }}
        providerName={providerName}
        onSignOut={() => void auth.logout()}
      />
    );
  }
  if (tokenRejected && !gaveUp) return <AuthLoading message={t`Signing in again...`} inline />;
  if (tokenRejected) {
    return (
      <Center mih="60vh" p="md">
        <Stack component="main" maw={480}>
          <Alert color="red" title={t`Your sign-in could not be verified`}>
            <Trans>
              {providerName} did not accept your sign-in. Log out and sign in again; if it keeps happening, contact your
              programme administrator.
            </Trans>
          </Alert>
          <Button onClick={() => void auth.logout()}>
            <Trans>Logout</Trans>
          </Button>
        </Stack>
      </Center>
    );
  }
  // Other failures (network, 5xx) are the pages' to report: they do not mean the account is wrong.
  return children;
}
