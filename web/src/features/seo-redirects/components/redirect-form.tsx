import {
  REDIRECT_MATCHES,
  REDIRECT_STATUS_LABELS,
  REDIRECT_STATUSES,
  type Redirect,
  type SaveRedirectInput,
  saveRedirectSchema,
} from '@contracts/seo-redirects';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { TextField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ServerFormElement } from '../../../components/ui/server-form-element';
import { useServerForm } from '../../../components/ui/use-server-form';
import { useSaveRedirect } from '../api/redirects';

export interface RedirectFormProps {
  /** The rule to change; none to add one. */
  rule?: Redirect;
  onDone?: () => unknown;
}

const MATCH_LABELS = { exact: 'This path only', prefix: 'This path and every path below it' };

/**
 * Adds or changes a redirect rule: old path, kind (301, 302, 410), exact or prefix, target (none for
 * 410) and a note. The server's refusals (a loop, a second hop, a rule for the path already) show on
 * their field; "Redirect saved" only once the server accepted it.
 */
export function RedirectForm({ rule, onDone }: RedirectFormProps) {
  const idPrefix = useId();
  const save = useSaveRedirect(rule?._id);
  const defaultValues: SaveRedirectInput = {
    from: rule?.from ?? '',
    to: rule?.to ?? '',
    status: rule?.status ?? 301,
    match: rule?.match ?? 'exact',
    note: rule?.note ?? '',
  };
  const server = useServerForm({
    schema: saveRedirectSchema,
    defaultValues,
    submit: save.mutateAsync,
    successMessage: rule ? 'Redirect updated' : 'Redirect added',
    resetOnSuccess: !rule,
    onSuccess: onDone,
  });
  const { fields, form } = server;
  const status = Number(useWatch({ control: form.control, name: 'status' }));
  const errorOf = (name: 'status' | 'match') => form.formState.errors[name]?.message;
  return (
    <ServerFormElement className="card redirect-form" server={server}>
      <TextField
        form={fields}
        name="from"
        id={`${idPrefix}-from`}
        label="Old path"
        hint="A path of this site, such as /old-page (no query string)."
        autoComplete="off"
      />
      <FormField id={`${idPrefix}-status`} label="Kind" error={errorOf('status')}>
        {(control) => (
          <select
            {...control}
            className="input"
            {...form.register('status', {
              setValueAs: (value: string) => Number(value),
              // A 410 has no target: what was typed there goes.
              onChange: (event: { target: { value: string } }) => {
                if (event.target.value === '410') form.setValue('to', '');
              },
            })}
          >
            {REDIRECT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REDIRECT_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${idPrefix}-match`} label="Applies to" error={errorOf('match')}>
        {(control) => (
          <select {...control} className="input" {...form.register('match')}>
            {REDIRECT_MATCHES.map((value) => (
              <option key={value} value={value}>
                {MATCH_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {status !== 410 && (
        <TextField
          form={fields}
          name="to"
          id={`${idPrefix}-to`}
          label="New path or address"
          hint="A path such as /pricing/, or a full https:// address."
          autoComplete="off"
        />
      )}
      <TextField form={fields} name="note" id={`${idPrefix}-note`} label="Note" optional />
      <div className="redirect-form__actions">
        <Button type="submit" isLoading={server.isSubmitting} loadingText="Saving…">
          {rule ? 'Save redirect' : 'Add redirect'}
        </Button>
        {rule && onDone && (
          <Button type="button" variant="ghost" onClick={() => void onDone()}>
            Cancel
          </Button>
        )}
      </div>
    </ServerFormElement>
  );
}
