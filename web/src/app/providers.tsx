import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '../components/ui/toast';

const TOAST_TOP = 'calc(var(--header-height) + 0.75rem)';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
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
