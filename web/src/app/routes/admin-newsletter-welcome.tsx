import { LinkButton } from '../../components/ui/button';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { WelcomeEmailScreen } from '../../features/campaigns/components/welcome-email-editor';

/** `/newsletters/welcome`: the e-mail each new subscriber gets on confirming, with its preview. */
export function WelcomeEmailRoute() {
  return (
    <Page title="Welcome e-mail">
      <PageHeader eyebrow="Admin" title="Welcome e-mail" />
      <Section>
        <Container>
          <WelcomeEmailScreen />
          <p className="campaigns-back">
            <LinkButton to="/newsletters" variant="ghost">
              Back to Newsletters
            </LinkButton>
          </p>
        </Container>
      </Section>
    </Page>
  );
}
