import { type ContentAdminPage } from '../section-pages';
import { DraftsOverview } from './drafts-overview';
import { SectionBlock } from './section-block';

/** Every section of one admin content page, each as its own block. */
export function ContentSections({ page }: { page: ContentAdminPage }) {
  // Alone on its page, a section's label is the page title already.
  const showHeadings = page.sections.length > 1;
  return (
    <div className="content-sections">
      <DraftsOverview />
      {page.sections.map((section) => (
        <SectionBlock key={section.key} section={section} showHeading={showHeadings} />
      ))}
    </div>
  );
}
