import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives in TanStack Query. Failed calls are not retried: the request layer has
 * already shown the error once, and a business error does not change on a retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
