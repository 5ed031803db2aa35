import { type SectionDef } from '@contracts/content';
import { type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useSectionEntry } from '../api/get-section-entry';
import { useUpdateSectionEntry } from '../api/update-section-entry';
import { pageOfSection } from '../section-pages';
import { entryFormValues, type EntryValues } from './entry-values';
import { PreviewPane } from './preview-pane';
import { SectionEntryForm } from './section-entry-form';

export interface EditSectionEntryProps {
  section: SectionDef;
  id: string;
  /** Shown inside the form under its fields (see SectionEntryForm). */
  aside?: ReactNode;
}

/**
 * The edit screen of one entry: its form prefilled from the section's draft, the live preview of
 * the page beside it; Update saves the entry in the draft (PUT), then goes back to the section's
 * admin page, where the draft is published.
 */
export function EditSectionEntry({ section, id, aside }: EditSectionEntryProps) {
  const navigate = useNavigate();
  const listPage = pageOfSection(section);
  const entry = useSectionEntry(section.key, id);
  const mutation = useUpdateSectionEntry(section.key);

  if (entry.isPending) return <SkeletonBlock label={`Loading the ${section.label} entry`} />;
  // An unknown id (404) is the route's: it shows the not-found page instead of this screen.
  if (entry.isError) return <QueryErrorAlert query={entry} />;

  return (
    <>
      <SectionEntryForm
        section={section}
        defaultValues={entryFormValues(section, entry.data)}
        submitLabel="Update"
        loadingText="Saving…"
        save={(fields: EntryValues) => mutation.mutateAsync({ id, fields })}
        successMessage={section.alerts.updated}
        onSaved={() => navigate(listPage.path)}
        aside={aside}
        beside={<PreviewPane section={section} entryId={id} />}
      />
      <p className="content-edit__back">
        <LinkButton to={listPage.path} variant="ghost">
          Back to {listPage.title}
        </LinkButton>
      </p>
    </>
  );
}
