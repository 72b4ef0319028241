import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Refetching on every tab switch would re-trigger flow checks mid-form.
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}
