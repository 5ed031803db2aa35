import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { AllMessages } from '../../features/messages/components/all-messages';
import { MessageView } from '../../features/messages/components/message-view';

/** `/all-messages/`: every contact message, newest first, by status and by sender. */
export function AllMessagesRoute() {
  return (
    <Page title="All Messages">
      <PageHeader eyebrow="Admin" title="All Messages" />
      <Section>
        <Container>
          <AllMessages />
        </Container>
      </Section>
    </Page>
  );
}

/** `/view/{id}`: one contact message. */
export function ViewMessageRoute() {
  const { id = '' } = useParams();
  return (
    <Page title="Message">
      <PageHeader eyebrow="Admin" title="Message" />
      <Section>
        <Container>
          <MessageView key={id} id={id} />
        </Container>
      </Section>
    </Page>
  );
}
