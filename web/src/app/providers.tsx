import {
  hydrate,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { ApiError, isUnauthorized } from '../lib/api-client';
import { type AppState } from '../lib/app-state';
import { CONTENT_SNAPSHOT_KEY, SESSION_QUERY_KEY } from '../lib/query-keys';
import { PageTitleProvider } from '../lib/seo/page-title';
import { type SiteConfig, SiteConfigProvider } from '../lib/site-config';

const TOAST_TOP = 'calc(var(--header-height) + 0.75rem)';

/** Retries once, but never an answer the server gave on purpose (4xx). */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.statusCode < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
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

/**
 * The app's providers. `state` is what the server sent with the page: the query cache the page was
 * rendered with is restored before the first render, so hydration sees the server's data and asks
 * for none of it again. The server renders with the same state.
 */
export function AppProviders({ children, state }: { children: ReactNode; state?: AppState }) {
  // One client per app instance (on the server, one per request).
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (state?.queries) {
      hydrate(client, state.queries);
      // The server keeps a rendered page and sends it while its content is current (checked per
      // request), so the content in a page is as fresh as the page, however long ago it was rendered.
      const content: unknown = client.getQueryData(CONTENT_SNAPSHOT_KEY);
      if (content !== undefined) {
        client.setQueryData(CONTENT_SNAPSHOT_KEY, content, { updatedAt: Date.now() });
      }
    }
    return client;
  });
  const [siteConfig] = useState<SiteConfig | null>(() =>
    state
      ? { publicUrl: state.publicUrl, simulatedPayments: state.simulatedPayments === true }
      : null,
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SiteConfigProvider value={siteConfig}>
        <PageTitleProvider>
          {children}
          <Toaster
            richColors
            position="top-right"
            closeButton
            // Below the sticky header, so toasts never cover the navigation.
            offset={{ top: TOAST_TOP }}
            mobileOffset={{ top: TOAST_TOP }}
          />
        </PageTitleProvider>
      </SiteConfigProvider>
    </QueryClientProvider>
  );
}
