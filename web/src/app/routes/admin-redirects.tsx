import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { NotFoundMonitor } from '../../features/seo-redirects/components/not-found-monitor';
import { RedirectRules } from '../../features/seo-redirects/components/redirect-rules';

/**
 * `/admin/redirects`: the redirect rules (add, edit, remove) and the 404 monitor, whose paths become
 * redirects with "Redirect this".
 */
export function RedirectsRoute() {
  return (
    <Page title="Redirects">
      <PageHeader eyebrow="Admin" title="Redirects">
        <p>
          Old addresses sent on before their page is looked for (301 permanent, 302 temporary, 410
          gone), and the missing pages visitors and crawlers asked for.
        </p>
      </PageHeader>
      <Section>
        <Container>
          <RedirectRules />
          <NotFoundMonitor />
        </Container>
      </Section>
    </Page>
  );
}
