import { isUuid } from '@contracts/ids';
import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { useMessage } from '../../features/messages/api/get-message';
import { AllMessages } from '../../features/messages/components/all-messages';
import { MessageView } from '../../features/messages/components/message-view';
import { isNotFoundError, NotFoundRoute } from './not-found';

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

/** `/view/{id}`: one contact message; an unknown id is not found. */
export function ViewMessageRoute() {
  const { id = '' } = useParams();
  const validId = isUuid(id);
  const message = useMessage(id, { enabled: validId });
  // An id that names no message (or none at all) is an unknown page.
  if (!validId || isNotFoundError(message.error)) return <NotFoundRoute />;
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
