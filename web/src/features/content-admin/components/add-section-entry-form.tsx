import { type SectionDef } from '@contracts/content';
import { useMemo } from 'react';
import { toast } from '../../../components/ui/toast';
import { useAddSectionEntry } from '../api/add-section-entry';
import { entryFormValues, type EntryValues } from './entry-values';
import { SectionEntryForm } from './section-entry-form';

/** Adds an entry to a section (POST /api/content/:section); the list refreshes itself. */
export function AddSectionEntryForm({ section }: { section: SectionDef }) {
  const mutation = useAddSectionEntry(section.key);
  const empty = useMemo(() => entryFormValues(section), [section]);

  const onSave = async (fields: EntryValues) => {
    await mutation.mutateAsync(fields);
    toast.success(section.alerts.created);
  };

  return (
    <SectionEntryForm
      section={section}
      defaultValues={empty}
      submitLabel={`Add ${section.label}`}
      loadingText="Adding…"
      onSave={onSave}
      adding
    />
  );
}
