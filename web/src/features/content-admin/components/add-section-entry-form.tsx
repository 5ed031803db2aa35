import { type SectionDef } from '@contracts/content';
import { useMemo } from 'react';
import { useAddSectionEntry } from '../api/add-section-entry';
import { entryFormValues } from './entry-values';
import { SectionEntryForm } from './section-entry-form';

/** Adds an entry to a section (POST /api/content/:section); the list refreshes itself. */
export function AddSectionEntryForm({ section }: { section: SectionDef }) {
  const mutation = useAddSectionEntry(section.key);
  const empty = useMemo(() => entryFormValues(section), [section]);

  return (
    <SectionEntryForm
      section={section}
      defaultValues={empty}
      submitLabel={`Add ${section.label}`}
      loadingText="Adding…"
      save={mutation.mutateAsync}
      successMessage={section.alerts.created}
      adding
    />
  );
}
