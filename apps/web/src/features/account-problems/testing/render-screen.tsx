import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AccountProblemScreen } from '../components/account-problem-screen.tsx';
import type { AccountProblem } from '../types.ts';

// Features may not import src/app (so not its Providers or theme), and src/test only renders whole
// routes; Mantine's default theme is enough to test behaviour.
// `onSignOut` records the sign-outs asked for.
export function renderScreen(problem: AccountProblem, providerName = 'HabiTrack') {
  const onSignOut = vi.fn<() => void>();
  const view = render(
    <MantineProvider env="test">
      <AccountProblemScreen problem={problem} providerName={providerName} onSignOut={onSignOut} />
    </MantineProvider>,
  );
  return { ...view, onSignOut };
}
