import { compactEntryData, sectionInputSchema, type SectionDef } from '@contracts/content';
import { type ReactNode, useId, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import { type z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { type EntryValues } from './entry-values';
import { FieldControl } from './field-control';
import './content-admin.css';

export interface SectionEntryFormProps {
  section: SectionDef;
  defaultValues: EntryValues;
  submitLabel: string;
  loadingText: string;
  /** Saves the fields (empty optional ones left out): resolves once stored, rejects with the error. */
  save: (fields: EntryValues) => Promise<unknown>;
  /** The toast once stored (the registry's alert text). */
  successMessage: string;
  onSaved?: () => unknown;
  /** The add form: empty it after a save; selects start on 'Choose…'. */
  adding?: boolean;
  /** Shown under the fields, inside the form (it may watch the values: the SEO snippet preview). */
  aside?: ReactNode;
  /** Shown beside the form, with its values (the live preview of the page). */
  beside?: ReactNode;
}

/**
 * The form of any section, generated from its registry entry: one control per field by its type,
 * checked with the section's own schema (the server's), server field errors put on their fields.
 */
export function SectionEntryForm({
  section,
  defaultValues,
  submitLabel,
  loadingText,
  save,
  successMessage,
  onSaved,
  adding = false,
  aside,
  beside,
}: SectionEntryFormProps) {
  const idPrefix = useId();
  const schema = useMemo(
    () => sectionInputSchema(section) as z.ZodType<EntryValues, EntryValues>,
    [section],
  );
  const server = useServerForm({
    schema,
    defaultValues,
    serverFields: section.fields.map((field) => field.name),
    submit: (values) => save(compactEntryData(values)),
    successMessage,
    resetOnSuccess: adding,
    onSuccess: onSaved,
  });
  const { form } = server;
  const { errors } = form.formState;

  const formElement = (
    <ServerFormElement className="content-form" server={server}>
      <p className="content-form__legend">Fields marked * are required.</p>
      <div className="content-form__fields">
        {section.fields.map((field) => (
          <FormField
            key={field.name}
            id={`${idPrefix}-${field.name}`}
            className={[
              field.required && 'content-form__field--required',
              (field.type === 'longText' || field.type === 'image') && 'content-form__field--wide',
            ]
              .filter(Boolean)
              .join(' ')}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]?.message}
          >
            {(control) => <FieldControl field={field} control={control} adding={adding} />}
          </FormField>
        ))}
      </div>
      {aside}
      <div>
        <Button type="submit" isLoading={server.isSubmitting} loadingText={loadingText}>
          {submitLabel}
        </Button>
      </div>
    </ServerFormElement>
  );
  return (
    <FormProvider {...form}>
      {beside ? (
        <div className="content-form-layout">
          {formElement}
          {beside}
        </div>
      ) : (
        formElement
      )}
    </FormProvider>
  );
}
