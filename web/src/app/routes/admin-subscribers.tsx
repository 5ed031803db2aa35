import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AllSubscribers } from '../../features/newsletter/components/all-subscribers';
import { ImportSubscribers } from '../../features/newsletter/components/import-subscribers';

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

/** `/all-subscriber/import`: a CSV of subscribers uploaded, previewed, mapped and imported. */
export function ImportSubscribersRoute() {
  return (
    <Page title="Import subscribers">
      <PageHeader eyebrow="Admin" title="Import subscribers" />
      <Section>
        <Container>
          <ImportSubscribers />
        </Container>
      </Section>
    </Page>
  );
}
