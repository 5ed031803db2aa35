import { lazy, type RefObject, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Container, Page, Section } from '../../components/ui/page';
import { singleton, useContent } from '../../features/site-content/api/get-content';
import { BannerSection } from '../../features/site-content/components/banner-section';
import { useHydrated } from '../../lib/use-hydrated';

/** The page's loading and error states, which only a page the browser renders can show. */
const contentStates = () => import('../../features/site-content/components/content-states');
const LandingSkeleton = lazy(async () => ({ default: (await contentStates()).LandingSkeleton }));
const SectionsSkeleton = lazy(async () => ({ default: (await contentStates()).SectionsSkeleton }));
const ContentError = lazy(async () => ({ default: (await contentStates()).ContentError }));
const Skeleton = lazy(async () => ({
  default: (await import('../../components/ui/skeleton')).Skeleton,
}));

/**
 * Everything below the banner (landing-below-fold.tsx), in a chunk of its own: the page's first load
 * is the banner's code. The server renders it in full (it waits for lazy parts) and does not preload
 * its code. A page the browser renders asks for it at once. A page the server rendered keeps the
 * server's markup there, and its code is asked for once that part comes into view (the space below
 * the banner is on screen) or the visitor does anything (a tap, a key, a focus), whichever is first;
 * it then hydrates. Meanwhile its controls are disabled (`FormControls`) and its links are links.
 */
let openGate: () => void = () => undefined;
/** Settles when the code below the banner is wanted. */
const wanted =
  typeof window === 'undefined'
    ? Promise.resolve()
    : new Promise<void>((resolve) => (openGate = resolve));
const importBelowTheFold = () => import('./landing-below-fold');
let belowTheFold: ReturnType<typeof importBelowTheFold> | undefined;
const loadBelowTheFold = () => {
  belowTheFold ??= wanted.then(importBelowTheFold);
  return belowTheFold;
};
const MoreSections = lazy(async () => ({
  default: (await loadBelowTheFold()).LandingMoreSections,
}));
const ContactSection = lazy(async () => ({ default: (await loadBelowTheFold()).ContactSection }));

/** What makes the code below the banner wanted: any of these, or the space below it in view. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;
const GEOMETRY = ['scroll', 'resize'] as const;

/**
 * While `deferred`, opens the gate when the bottom of `banner` is in the viewport (at once if it is,
 * or when there is no banner), on a scroll or resize that brings it there, or on the visitor's first
 * interaction; otherwise at once.
 */
function useWantBelowTheFold(banner: RefObject<HTMLElement | null>, deferred: boolean): void {
  // A page the browser renders (after moving here from another page) wants it at once.
  if (!deferred) openGate();
  useEffect(() => {
    if (!deferred) return;
    const options = { capture: true, passive: true } as const;
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, options);
      for (const type of GEOMETRY) window.removeEventListener(type, check, options);
    };
    const want = () => {
      stop();
      openGate();
    };
    const check = () => {
      const bottom = banner.current?.getBoundingClientRect().bottom ?? 0;
      if (bottom <= window.innerHeight) want();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, want, options);
    for (const type of GEOMETRY) window.addEventListener(type, check, options);
    check();
    return stop;
  }, [banner, deferred]);
}

/** Where the contact section comes: its tinted band, about its height (no id: see `ScrollToHash`). */
function ContactSectionPlaceholder() {
  return (
    <Section tone="muted" aria-hidden="true">
      <Container>
        <Skeleton height="36rem" />
      </Container>
    </Section>
  );
}

export function LandingRoute() {
  const content = useContent();
  const banner = useRef<HTMLElement>(null);
  // Whether this page came by hydrating the server's, and with which content: until the code below
  // the banner is wanted, that part is the server's markup; new content wants the code at once.
  const hydrating = !useHydrated();
  const [first] = useState(() => ({ hydrating, content: content.data }));
  useWantBelowTheFold(banner, first.hydrating && content.data === first.content);
  // The lazy parts' boundaries as elements kept while their input is: until their code has come,
  // a render of this page leaves them (and the server's markup in them) alone.
  const moreSections = useMemo(
    () =>
      content.data && (
        <Suspense fallback={<SectionsSkeleton />}>
          <MoreSections content={content.data} />
        </Suspense>
      ),
    [content.data],
  );
  const contactSection = useMemo(
    () => (
      <Suspense fallback={<ContactSectionPlaceholder />}>
        <ContactSection />
      </Suspense>
    ),
    [],
  );

  // While loading, placeholders hold the page's shape; the contact form waits too, so that a
  // `/#contact-sec` link scrolls to where it ends up rather than to where it starts.
  if (content.isPending) {
    return (
      <Page>
        <LandingSkeleton />
      </Page>
    );
  }
  const bannerEntry = content.data && singleton(content.data, 'banner');
  return (
    <Page>
      {content.data ? (
        <>
          {bannerEntry ? (
            <BannerSection banner={bannerEntry} ref={banner} />
          ) : (
            <h1 className="visually-hidden">SEO Agency</h1>
          )}
          {moreSections}
        </>
      ) : (
        <>
          <h1 className="visually-hidden">SEO Agency</h1>
          <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
        </>
      )}
      {contactSection}
    </Page>
  );
}
