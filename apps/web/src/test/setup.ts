import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Test files share a worker's modules (vitest.config.ts, `isolate: false`): the libraries (React,
// Mantine, Lingui, jsdom) load once per worker. The app's own modules are loaded afresh for every
// file, as in a fresh page: one file's sync in flight or sign-in SDK never reaches the next.
vi.resetModules();
const { activateLocale } = await import('../lib/i18n/i18n.ts');

// findBy*/waitFor wait up to 5 s: on a busy 2-core machine a route change in jsdom can take over
// the 1 s default. A real failure still fails, just later.
configure({ asyncUtilTimeout: 5_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// Screens render in the source locale (en-GB) unless a test switches; a switched locale is undone
// after the test (its catalog stays loaded, so this is immediate).
await activateLocale('en-GB');
afterEach(() => activateLocale('en-GB'));

// jsdom has no matchMedia; Mantine reads it for the colour scheme.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
