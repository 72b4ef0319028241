import { vi } from 'vitest';

// Mocks the HTTP boundary only; setup.ts unstubs it after each test.
export function stubFetch(respond: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
