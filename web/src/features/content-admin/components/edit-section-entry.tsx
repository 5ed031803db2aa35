import { type SectionDef } from '@contracts/content';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { LinkButton } from '../../../components/ui/button';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useSectionEntry } from '../api/get-section-entry';
import { useUpdateSectionEntry } from '../api/update-section-entry';
import { pageOfSection } from '../section-pages';
import { entryFormValues, type EntryValues } from './entry-values';
import { SectionEntryForm } from './section-entry-form';

export interface EditSectionEntryProps {
  section: SectionDef;
  id: string;
}

/**
 * The edit screen of one entry: its form prefilled from GET /api/content/:section/:id; Update
 * replaces the entry (PUT), then goes back to the section's admin page.
 */
export function EditSectionEntry({ section, id }: EditSectionEntryProps) {
  const navigate = useNavigate();
  const listPage = pageOfSection(section);
  const entry = useSectionEntry(section.key, id);
  const mutation = useUpdateSectionEntry(section.key);

  if (entry.isPending) return <SkeletonBlock label={`Loading the ${section.label} entry`} />;
  if (entry.isError) {
    if (entry.error instanceof ApiError && entry.error.statusCode === 404) {
      return (
        <Alert tone="error">
          <p>This {section.label} entry was not found. It may have been deleted.</p>
          <p>
            <LinkButton to={listPage.path} variant="secondary">
              Back to {listPage.title}
            </LinkButton>
          </p>
        </Alert>
      );
    }
    return <QueryErrorAlert query={entry} />;
  }

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
      />
      <p className="content-edit__back">
        <LinkButton to={listPage.path} variant="ghost">
          Back to {listPage.title}
        </LinkButton>
      </p>
    </>
  );
}
