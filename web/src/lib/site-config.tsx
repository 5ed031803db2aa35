import { createContext, useContext } from 'react';

/** What the server tells the SPA about the site (in the page's state, see `app-state.ts`). */
export interface SiteConfig {
  /** PUBLIC_URL without a trailing slash: the site's canonical origin. */
  publicUrl: string;
  /** A demo shop: payments go to the built-in PayPal simulator, no money moves (every page says so). */
  simulatedPayments: boolean;
}

const SiteConfigContext = createContext<SiteConfig | null>(null);

export const SiteConfigProvider = SiteConfigContext.Provider;

/** The site's configuration; outside a provider (component tests), the page's own origin. */
export function useSiteConfig(): SiteConfig {
  const config = useContext(SiteConfigContext);
  if (config) return config;
  return {
    publicUrl: typeof window === 'undefined' ? '' : window.location.origin,
    simulatedPayments: false,
  };
}
