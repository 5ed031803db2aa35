import { Alert } from '../../components/ui/alert';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { collection, useContent } from '../../features/site-content/api/get-content';
import {
  ContentError,
  SectionsSkeleton,
} from '../../features/site-content/components/content-states';
import { PricingCards } from '../../features/site-content/components/pricing-cards';

export function PricingRoute() {
  const content = useContent();
  const packages = content.data ? collection(content.data, 'pricing') : [];

  return (
    <Page title="Pricing Plan">
      <PageHeader eyebrow="Pricing" title="Pricing Plan">
        <p>
          Three clear packages and no long-term contract. Pick the one that fits your goals and
          order it in a minute.
        </p>
      </PageHeader>
      {content.isPending ? (
        <SectionsSkeleton blocks={1} />
      ) : !content.data ? (
        <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
      ) : (
        <Section>
          <Container>
            {packages.length > 0 ? (
              <PricingCards packages={packages} headingLevel={2} />
            ) : (
              <Alert>
                <p>Our packages will be listed here soon.</p>
              </Alert>
            )}
          </Container>
        </Section>
      )}
    </Page>
  );
}
