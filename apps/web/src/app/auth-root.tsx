import type { TWebConfig } from '@habitrack/contracts/config/get-config';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { AuthLoading } from '../features/auth/components/auth-loading.tsx';
import { HybridAuthProvider } from '../features/auth/components/hybrid-auth-provider.tsx';
import type { TAuthAdapterFactory } from '../features/auth/types.ts';
import { useConfig } from '../lib/config.ts';
import { setAccessTokenGetter } from '../lib/http.ts';
import { createQueryPersister } from '../lib/persisted-queries.ts';
import { PersistedSession } from './persisted-session.tsx';

export type AuthRootOptions = {
  // Tests replace the SDKs and the page reload; the app leaves both out.
  createAdapter?: TAuthAdapterFactory;
  reload?: () => void;
};

const AppConfigContext = createContext<TWebConfig | null>(null);

export function useAppConfig(): TWebConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used within AuthRoot');
  return config;
}

// Sign-in needs the runtime config (/config.json) before anything else, and every API call needs
// the sign-in layer's token: this is where the two meet the HTTP client.
export function AuthRoot({ children, createAdapter, reload }: AuthRootOptions & { children: ReactNode }) {
  const config = useConfig();
  const client = useQueryClient();
  const [persister] = useState(() => createQueryPersister(client));
  if (config.isPending) return <AuthLoading />;
  if (config.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack component="main" align="center" gap="sm">
          <Title order={1}>HabiTrack could not start</Title>
          <Text>Its settings could not be loaded ({config.error.message}).</Text>
          <Button onClick={() => void config.refetch()}>Try again</Button>
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
      >
        <PersistedSession persister={persister}>{children}</PersistedSession>
      </HybridAuthProvider>
    </AppConfigContext.Provider>
  );
}
