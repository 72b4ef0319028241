import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AccountProblemScreen } from '../components/account-problem-screen.tsx';
import type { AccountProblem } from '../types.ts';

// Features may not import src/app (so not its Providers or theme), and src/test only renders whole
// routes; Mantine's default theme is enough to test behaviour.
export function renderScreen(problem: AccountProblem, providerName = 'HabiTrack') {
  return render(
    <MantineProvider env="test">
      <AccountProblemScreen problem={problem} providerName={providerName} />
    </MantineProvider>,
  );
}

// jsdom cannot navigate; setup.ts unstubs globals after each test.
export function stubLocationAssign() {
  const assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
