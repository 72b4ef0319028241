import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { AuthRoot, type AuthRootOptions } from './auth-root.tsx';
import { LocaleProvider } from './locale-provider.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

type ProvidersProps = {
  children: ReactNode;
  // Tests pass their own client so cached responses never leak between tests.
  queryClient?: QueryClient;
  mantineEnv?: 'default' | 'test';
  auth?: AuthRootOptions;
};

export function Providers({ children, queryClient, mantineEnv = 'default', auth }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <LocaleProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
        <QueryClientProvider client={client}>
          <AuthRoot {...auth}>{children}</AuthRoot>
        </QueryClientProvider>
      </MantineProvider>
    </LocaleProvider>
  );
}
