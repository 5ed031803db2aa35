import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { SeoHub } from '../../features/seo/components/seo-hub';

/** `/admin/seo`: every public page's SEO score and open checks, and IndexNow. */
export function SeoHubRoute() {
  return (
    <Page title="SEO">
      <PageHeader eyebrow="Admin" title="SEO" />
      <Section>
        <Container>
          <SeoHub />
        </Container>
      </Section>
    </Page>
  );
}
