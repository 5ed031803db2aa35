import { type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { PageLoading } from '../../components/ui/page';
import { ScrollToHash } from './scroll-to-hash';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

/** Header, main landmark and footer around a page. */
function SiteShell({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="route-progress" data-active={busy || undefined} aria-hidden="true" />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** The layout route every page renders in. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <SiteShell busy={navigation.state !== 'idle'}>
      <Outlet />
      <ScrollRestoration />
      <ScrollToHash />
    </SiteShell>
  );
}

/** Rendered while the first page's code loads. */
export function RootHydrateFallback() {
  return (
    <SiteShell busy>
      <PageLoading />
    </SiteShell>
  );
}
