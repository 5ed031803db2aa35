import { type SectionDef } from '@contracts/content';
import { useParams } from 'react-router-dom';
import { Container, Page, PageHeader, Section } from '../../components/ui/page';
import { useSectionEntry } from '../../features/content-admin/api/get-section-entry';
import { EditSectionEntry } from '../../features/content-admin/components/edit-section-entry';
import { SeoEditorPanel } from '../../features/seo/components/seo-editor-panel';
import { isNotFoundError, NotFoundRoute } from './not-found';
import './auth-pages.css';

export interface ContentEditRouteProps {
  section: SectionDef;
  /** The page heading; `Update <label>` unless given. */
  title?: string;
}

/** An entry's edit screen (e.g. `/banner/:id`, admins only), generated from the registry. */
export function ContentEditRoute({
  section,
  title = `Update ${section.label}`,
}: ContentEditRouteProps) {
  const { id = '' } = useParams();
  const entry = useSectionEntry(section.key, id);
  // An id that names no entry of the section is an unknown page.
  if (isNotFoundError(entry.error)) return <NotFoundRoute />;
  return (
    <Page title={title}>
      <PageHeader eyebrow="Admin" title={title} />
      <Section className="auth-section">
        <Container>
          <section className="card" aria-label={title}>
            <EditSectionEntry
              key={id}
              section={section}
              id={id}
              aside={
                section.key === 'seo' || section.key === 'seoPages' ? (
                  <SeoEditorPanel section={section.key} />
                ) : undefined
              }
            />
          </section>
        </Container>
      </Section>
    </Page>
  );
}
