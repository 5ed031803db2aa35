import { type Entry, type SectionDef } from '@contracts/content';

/** A form's values: every field of the section, as text ('' when empty). */
export type EntryValues = Record<string, string>;

/** The form values of an entry (or of an empty form): every field present, aliases ignored. */
export function entryFormValues(section: SectionDef, entry?: Entry): EntryValues {
  return Object.fromEntries(
    section.fields.map((field) => [
      field.name,
      entry?.[field.name] ?? field.aliases?.map((alias) => entry?.[alias]).find(Boolean) ?? '',
    ]),
  );
}
