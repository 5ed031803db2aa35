import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Container, Page, Section } from '../../components/ui/page';
import { singleton, useContent } from '../../features/site-content/api/get-content';
import { BannerSection } from '../../features/site-content/components/banner-section';
import { createCodeGate, useOpenCodeGate } from '../../lib/code-gate';
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
const belowTheFoldGate = createCodeGate();
const importBelowTheFold = () => import('./landing-below-fold');
let belowTheFold: ReturnType<typeof importBelowTheFold> | undefined;
const loadBelowTheFold = () => {
  belowTheFold ??= belowTheFoldGate.wanted.then(importBelowTheFold);
  return belowTheFold;
};
const MoreSections = lazy(async () => ({
  default: (await loadBelowTheFold()).LandingMoreSections,
}));
const ContactSection = lazy(async () => ({ default: (await loadBelowTheFold()).ContactSection }));

/** The space below the banner is on screen: the banner's bottom is in the viewport. */
const belowTheBannerOnScreen = (banner: DOMRect) => banner.bottom <= window.innerHeight;

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
  useOpenCodeGate(
    belowTheFoldGate,
    banner,
    first.hydrating && content.data === first.content,
    belowTheBannerOnScreen,
  );
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
