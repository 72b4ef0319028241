import type { TAuthProblem } from '@habitrack/contracts/auth/auth-problem';
import type { TWebConfig } from '@habitrack/contracts/config/get-config';
import { Trans } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { AuthLoading } from '../features/auth/components/auth-loading.tsx';
import { HybridAuthProvider } from '../features/auth/components/hybrid-auth-provider.tsx';
import type { TAuthAdapterFactory } from '../features/auth/types.ts';
import { afterScreenPainted } from '../lib/after-paint.ts';
import { useConfig } from '../lib/config.ts';
import { setAccessTokenGetter, setAuthProblemListener } from '../lib/http.ts';
import { createQueryPersister } from '../lib/persisted-queries.ts';
import { PersistedSession } from './persisted-session.tsx';

export type AuthRootOptions = {
  // Tests replace the SDKs and the page reload; the app leaves both out.
  createAdapter?: TAuthAdapterFactory;
  reload?: () => void;
  // Settles once the screen being opened has rendered: a page shown from kept data starts the
  // sign-in SDK after it (see startAfter below). Without it the SDK starts at once.
  screenShown?: () => Promise<void>;
};

// Should the screen not render (its download failed, say), the SDK starts anyway after this long.
const SCREEN_WAIT_MS = 2000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const AppConfigContext = createContext<TWebConfig | null>(null);
const AccountRefusalContext = createContext<TAuthProblem | null>(null);

// The account problem the API last answered any call with (a 401 with an account `reason`, not a
// token to renew), or null: the account gate shows its screen in place of the page.
export function useAccountRefusal(): TAuthProblem | null {
  return useContext(AccountRefusalContext);
}

export function useAppConfig(): TWebConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used within AuthRoot');
  return config;
}

// Sign-in needs the runtime config (/config.json) before anything else, and every API call needs
// the sign-in layer's token: this is where the two meet the HTTP client.
export function AuthRoot({ children, createAdapter, reload, screenShown }: AuthRootOptions & { children: ReactNode }) {
  const config = useConfig();
  const client = useQueryClient();
  const [persister] = useState(() => createQueryPersister(client));
  const [refusal, setRefusal] = useState<TAuthProblem | null>(null);
  useEffect(() => {
    // The first refusal stays: every later call is refused for the same account.
    setAuthProblemListener((problem) => {
      if (problem.reason !== 'invalid_token') setRefusal((current) => current ?? problem);
    });
    return () => setAuthProblemListener(null);
  }, []);
  if (config.isPending) return <AuthLoading />;
  if (config.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack component="main" align="center" gap="sm">
          <Title order={1}>
            <Trans>HabiTrack could not start</Trans>
          </Title>
          <Text>
            <Trans>Its settings could not be loaded. Check your connection and try again.</Trans>
          </Text>
          <Button onClick={() => void config.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Center>
    );
  }
  return (
    <AppConfigContext.Provider value={config.data}>
      <HybridAuthProvider
        config={config.data.auth}
        onTokenGetter={setAccessTokenGetter}
        {...(createAdapter ? { createAdapter } : {})}
        {...(reload ? { reload } : {})}
        onSignOut={() => persister.setAccount(null)}
        // A page shown from kept data is on screen before the SDK is needed (to confirm the session
        // and revalidate): on a slow connection the screen comes first, unhindered by the SDK's download.
        startAfter={() =>
          persister.hasRestored() && screenShown
            ? Promise.race([screenShown(), delay(SCREEN_WAIT_MS)]).then(() => afterScreenPainted())
            : undefined
        }
      >
        <AccountRefusalContext.Provider value={refusal}>
          <PersistedSession persister={persister}>{children}</PersistedSession>
        </AccountRefusalContext.Provider>
      </HybridAuthProvider>
    </AppConfigContext.Provider>
  );
}
