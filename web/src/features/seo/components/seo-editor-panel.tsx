import { type ContentSnapshot, type Entry } from '@contracts/content';
import { pageIdOf } from '@contracts/seo/page-checks';
import { useWatch } from 'react-hook-form';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { isPublicPage, type PublicPage } from '../../../lib/seo/public-pages';
import { pageSeo, siteSeo } from '../../../lib/seo/site-seo';
import { useContentSnapshot, usePageCheck } from '../api/seo-admin';
import { PageChecksList, ScoreBadge } from './page-checks-list';
import { SnippetPreview } from './snippet-preview';

/** The SEO sections whose editors show the preview: the site-wide settings and a page's. */
export type SeoSectionKey = 'seo' | 'seoPages';

/** The content with the form's values in place of the stored ones: what the page would render. */
export function withDraft(
  content: ContentSnapshot,
  section: SeoSectionKey,
  values: Record<string, string>,
  page: PublicPage,
): ContentSnapshot {
  const draft = { ...values } as unknown as Entry;
  const sections = { ...content.sections };
  sections[section] =
    section === 'seo'
      ? [draft]
      : [...(sections.seoPages ?? []).filter((entry) => entry.page !== page), draft];
  return { ...content, sections };
}

export interface SeoEditorPanelProps {
  section: SeoSectionKey;
}

/**
 * Beside an SEO editor's fields (inside its form): the search result the page would get with the
 * values as typed (the site's own title and description rules, applied to the form), and the page's
 * checks as the site renders it now (saved content). The site-wide settings preview the home page.
 */
export function SeoEditorPanel({ section }: SeoEditorPanelProps) {
  const values = useWatch() as Record<string, string>;
  const chosen = section === 'seoPages' ? values.page : '/';
  const page = chosen && isPublicPage(chosen) ? chosen : undefined;
  const content = useContentSnapshot();
  const report = usePageCheck(page ? pageIdOf(page) : undefined);

  if (!page) {
    return (
      <aside className="seo-panel" aria-label="Search result preview and checks">
        <p>Choose a page to see its search result and checks.</p>
      </aside>
    );
  }
  const draft = content.data ? withDraft(content.data, section, values, page) : undefined;
  const site = siteSeo(draft);
  const seo = pageSeo(draft, site, page);
  const url = report.data?.url ?? `${window.location.origin}${page}`;
  return (
    <aside className="seo-panel" aria-label="Search result preview and checks">
      <h2 className="seo-panel__heading">Search result preview</h2>
      <SnippetPreview
        title={seo.title}
        description={seo.description}
        url={url}
        siteName={site.siteName}
      />
      <h2 className="seo-panel__heading">
        Checks of {page} as the site shows it now{' '}
        {report.data ? <ScoreBadge score={report.data.score} /> : null}
      </h2>
      {report.data ? (
        <PageChecksList checks={report.data.checks} />
      ) : report.isError ? (
        <p>The checks could not be loaded.</p>
      ) : (
        <SkeletonBlock label="Checking the page" />
      )}
    </aside>
  );
}
