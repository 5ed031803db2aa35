import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AllSubscribers } from '../../features/newsletter/components/all-subscribers';

/** `/all-subscriber/`: the newsletter's subscribers, 5 per page, by status, with the CSV export. */
export function AllSubscriberRoute() {
  return (
    <Page title="All Subscribers">
      <PageHeader eyebrow="Admin" title="All Subscribers" />
      <Section>
        <Container>
          <AllSubscribers />
        </Container>
      </Section>
    </Page>
  );
}
