import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { ContentSections } from '../../features/content-admin/components/content-sections';
import { type ContentAdminPage } from '../../features/content-admin/section-pages';
import './auth-pages.css';

/** An admin content page (e.g. `/edit-banner`, admins only): each of its sections, generated. */
export function ContentListRoute({ page }: { page: ContentAdminPage }) {
  return (
    <Page title={page.title}>
      <PageHeader eyebrow="Admin" title={page.title} />
      <Section className="auth-section">
        <Container>
          <ContentSections page={page} />
        </Container>
      </Section>
    </Page>
  );
}
