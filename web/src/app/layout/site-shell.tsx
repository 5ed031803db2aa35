import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { createCodeGate, useOpenCodeGate } from '../../lib/code-gate';
import { useHydrated } from '../../lib/use-hydrated';
import { SiteHeader } from './site-header';
import './layout.css';

/**
 * The footer's code (site-footer.tsx, and its newsletter form's after it), out of every page's first
 * load: the server renders the footer (styled by the app's CSS), and a page it rendered keeps that
 * markup, its links plain links and its form disabled, until the footer is near the screen or the
 * visitor does anything, whichever is first (see `CodeGate`); the footer then hydrates. A page the
 * browser renders asks for it at once.
 */
const footerGate = createCodeGate();
const SiteFooter = lazy(async () => {
  await footerGate.wanted;
  // The footer asks for its newsletter form's code as it renders: asked for with the footer's.
  void import('../../features/newsletter/components/newsletter-form');
  return { default: (await import('./site-footer')).SiteFooter };
});
/** The footer, which starts where the main landmark ends, is within a screen's height of the viewport. */
const footerNearScreen = (main: DOMRect) => main.bottom <= window.innerHeight * 2;

/** The public site's header, main landmark and footer around a page. */
export function SiteShell({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  // Only a shell hydrated from the server's markup waits; one the browser renders wants it at once.
  const hydrating = !useHydrated();
  const [deferred] = useState(hydrating);
  useOpenCodeGate(footerGate, main, deferred, footerNearScreen);
  // The same element from render to render: until its code has come, a render of the shell leaves
  // the footer (the server's markup) alone rather than rendering it again without it.
  const footer = useMemo(
    () => (
      <Suspense>
        <SiteFooter />
      </Suspense>
    ),
    [],
  );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main ref={main} id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </>
  );
}

/** The layout route of the public and customer pages. */
export function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
