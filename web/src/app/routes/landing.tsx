import { lazy, Suspense } from 'react';
import { Container, Page, Section } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { singleton, useContent } from '../../features/site-content/api/get-content';
import { BannerSection } from '../../features/site-content/components/banner-section';
import {
  ContentError,
  LandingSkeleton,
  SectionsSkeleton,
} from '../../features/site-content/components/content-states';

/**
 * Everything below the banner (landing-below-fold.tsx), in a chunk of its own: the page's first load
 * is the banner's code, and the rest hydrates when it arrives. The server renders it in full (it
 * waits for lazy parts) and does not preload its code; the browser asks for it as soon as this module
 * runs, while the banner hydrates. Meanwhile the server's markup stays: a fallback only shows when
 * the page is rendered in the browser (after moving here from another page).
 */
const belowTheFold = import('./landing-below-fold');
const MoreSections = lazy(async () => ({ default: (await belowTheFold).LandingMoreSections }));
const ContactSection = lazy(async () => ({ default: (await belowTheFold).ContactSection }));

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

  // While loading, placeholders hold the page's shape; the contact form waits too, so that a
  // `/#contact-sec` link scrolls to where it ends up rather than to where it starts.
  if (content.isPending) {
    return (
      <Page>
        <LandingSkeleton />
      </Page>
    );
  }
  const banner = content.data && singleton(content.data, 'banner');
  return (
    <Page>
      {content.data ? (
        <>
          {banner ? (
            <BannerSection banner={banner} />
          ) : (
            <h1 className="visually-hidden">SEO Agency</h1>
          )}
          <Suspense fallback={<SectionsSkeleton />}>
            <MoreSections content={content.data} />
          </Suspense>
        </>
      ) : (
        <>
          <h1 className="visually-hidden">SEO Agency</h1>
          <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
        </>
      )}
      <Suspense fallback={<ContactSectionPlaceholder />}>
        <ContactSection />
      </Suspense>
    </Page>
  );
}
