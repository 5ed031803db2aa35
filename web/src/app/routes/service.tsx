import { Page, PageHeader } from '../../components/ui/page';
import { collection, singleton, useContent } from '../../features/site-content/api/get-content';
import { CallToActionSection } from '../../features/site-content/components/call-to-action-section';
import {
  ContentError,
  SectionsSkeleton,
} from '../../features/site-content/components/content-states';
import { CountersSection } from '../../features/site-content/components/counters-section';
import { ServiceAboutSection } from '../../features/site-content/components/service-about-section';
import { ServicesSection } from '../../features/site-content/components/services-section';

export function ServiceRoute() {
  const content = useContent();
  const data = content.data;
  const counters = data && singleton(data, 'counters');
  const action = data && singleton(data, 'callToAction');

  return (
    <Page title="Services">
      <PageHeader eyebrow="Services" title="Our Services">
        <p>
          From the first technical audit to the monthly report, everything your site needs to be
          found by the right customers.
        </p>
      </PageHeader>
      {content.isPending ? (
        <SectionsSkeleton blocks={3} />
      ) : !data ? (
        <ContentError onRetry={() => void content.refetch()} isRetrying={content.isFetching} />
      ) : (
        <>
          {counters && <CountersSection counters={counters} />}
          <ServicesSection
            tone="default"
            text={singleton(data, 'serviceText')}
            items={collection(data, 'serviceItems')}
          />
          <ServiceAboutSection
            about={singleton(data, 'about')}
            experience={singleton(data, 'experience')}
          />
          {action && <CallToActionSection action={action} />}
        </>
      )}
    </Page>
  );
}
