import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { SeoCheckForm } from '../../features/seo-check/components/seo-check-form';
import './routes.css';

/** The free SEO check's form (a public page, in the sitemap). */
export function SeoCheckRoute() {
  return (
    <Page>
      <PageHeader eyebrow="Free tool" title="Free SEO check">
        <p>
          Enter the address of any page: in a few seconds you get what a search engine sees there,
          from its status and HTTPS to its headings, structured data and broken links, each with why
          it matters and a score.
        </p>
      </PageHeader>
      <Section aria-label="SEO check form">
        <Container narrow>
          <div className="card">
            <SeoCheckForm />
          </div>
        </Container>
      </Section>
    </Page>
  );
}
