import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { ApiError, isUnauthorized } from '../lib/api-client';
import { SESSION_QUERY_KEY } from '../lib/query-keys';

const TOAST_TOP = 'calc(var(--header-height) + 0.75rem)';

/** Retries once, but never an answer the server gave on purpose (4xx). */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  return failureCount < 1;
}

function createQueryClient() {
  // Any call answering 401 means the session ended: refresh it so the guards send the visitor to /login.
  const onUnauthorized = (error: Error, queryKey?: readonly unknown[]) => {
    if (!isUnauthorized(error) || queryKey?.[0] === SESSION_QUERY_KEY[0]) return;
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onUnauthorized(error, query.queryKey),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        // Login answers 401 for a wrong password: nothing ended there.
        if (mutation.meta?.expectsUnauthorized) return;
        onUnauthorized(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per app instance (and per request once pages are server-rendered).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        richColors
        position="top-right"
        closeButton
        // Below the sticky header, so toasts never cover the navigation.
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
      />
    </QueryClientProvider>
  );
}
