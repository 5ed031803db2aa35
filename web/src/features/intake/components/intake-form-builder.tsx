import {
  hasOptions,
  INTAKE_FIELD_TYPE_LABELS,
  INTAKE_FIELD_TYPES,
  INTAKE_LIMITS,
  INTAKE_TEXTS,
  type IntakeField,
  type IntakeFieldInput,
  type IntakeFieldType,
  intakeFormInputSchema,
  type IntakeFormState,
} from '@contracts/intake';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useIntakeVersions, useRestoreIntakeVersion, useSaveIntakeForm } from '../api/intake';
import './intake.css';

/** A field being edited: the form's field, its options as lines, and whether its key was typed. */
interface Draft {
  uid: number;
  key: string;
  keyTouched: boolean;
  type: IntakeFieldType;
  label: string;
  required: boolean;
  help: string;
  options: string;
}

type DraftErrors = Partial<
  Record<'key' | 'type' | 'label' | 'required' | 'help' | 'options', string>
>;

/** A key from a label: `Target country` → `targetCountry`. */
function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const key = words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('')
    .replace(/^[^a-z]+/, '');
  return key.slice(0, INTAKE_LIMITS.keyLength);
}

let nextUid = 1;
const toDraft = (field: IntakeField): Draft => ({
  uid: nextUid++,
  key: field.key,
  keyTouched: true,
  type: field.type,
  label: field.label,
  required: field.required,
  help: field.help,
  options: field.options.join('\n'),
});

const toInput = (draft: Draft): IntakeFieldInput => ({
  key: draft.key,
  type: draft.type,
  label: draft.label,
  required: draft.required,
  help: draft.help,
  options: hasOptions(draft.type)
    ? draft.options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean)
    : [],
});

/** `fields.2.label` → errors of the third field; `fields` → the form's. */
function sortErrors(fieldPaths: Record<string, string>, drafts: Draft[]) {
  const byField: Record<number, DraftErrors> = {};
  let form: string | null = null;
  for (const [path, message] of Object.entries(fieldPaths)) {
    const match = /^fields\.(\d+)\.(\w+)/.exec(path);
    const draft = match ? drafts[Number(match[1])] : undefined;
    if (match && draft) {
      const errors = (byField[draft.uid] ??= {});
      errors[match[2] as keyof DraftErrors] ??= message;
    } else {
      form ??= message;
    }
  }
  return { byField, form };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A package's questionnaire: its questions in order (add, remove, move up and down), each with its
 * label, type, required flag, help and options; saved as a new version (the server checks it and
 * names each bad field); with its history, where an earlier version can be restored.
 */
export function IntakeFormBuilder({ state }: { state: IntakeFormState }) {
  const idPrefix = useId();
  const [drafts, setDrafts] = useState<Draft[]>(() => (state.current?.fields ?? []).map(toDraft));
  const [errors, setErrors] = useState<Record<number, DraftErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveIntakeForm(state.packageId);
  const listRef = useRef<HTMLOListElement>(null);

  const update = (uid: number, change: Partial<Draft>) => {
    setDrafts((current) =>
      current.map((draft) => {
        if (draft.uid !== uid) return draft;
        const next = { ...draft, ...change };
        if (change.label !== undefined && !draft.keyTouched) next.key = keyFromLabel(change.label);
        return next;
      }),
    );
    setErrors(({ [uid]: _cleared, ...rest }) => rest);
  };

  const add = () => {
    const uid = nextUid++;
    setDrafts((current) => [
      ...current,
      {
        uid,
        key: '',
        keyTouched: false,
        type: 'shortText',
        label: '',
        required: false,
        help: '',
        options: '',
      },
    ]);
    // Focus the new question's label once it is there.
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${uid}-label`)?.focus());
  };

  const move = (index: number, by: -1 | 1) => {
    setDrafts((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved!);
      return next;
    });
  };

  const remove = (uid: number) => setDrafts((current) => current.filter((d) => d.uid !== uid));

  const showErrors = (paths: Record<string, string>, message: string) => {
    const sorted = sortErrors(paths, drafts);
    setErrors(sorted.byField);
    setFormError(sorted.form ?? (Object.keys(sorted.byField).length > 0 ? null : message));
    const first = drafts.find((draft) => sorted.byField[draft.uid]);
    if (first) {
      const prop = Object.keys(sorted.byField[first.uid]!)[0];
      document.getElementById(`${idPrefix}-${first.uid}-${prop}`)?.focus();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fields = drafts.map(toInput);
    // The server's own rules, checked here first so that mistakes show without a round trip.
    const checked = intakeFormInputSchema.safeParse({ fields });
    if (!checked.success) {
      const paths: Record<string, string> = {};
      for (const issue of checked.error.issues) paths[issue.path.join('.')] ??= issue.message;
      showErrors(paths, checked.error.issues[0]?.message ?? 'The form is not valid');
      return;
    }
    try {
      const saved = await save.mutateAsync(fields);
      toast.success(`${INTAKE_TEXTS.saved} (version ${saved.version})`);
      setErrors({});
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      showErrors(error instanceof ApiError ? error.fields : {}, message);
    }
  };

  return (
    <div className="intake-builder">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Questionnaire">
        {formError && <Alert tone="error">{formError}</Alert>}
        {drafts.length === 0 && (
          <p>
            No questions: once paid, the work on this package starts at once. Add a question to ask
            the customer for their details first.
          </p>
        )}
        <ol className="intake-builder__fields" ref={listRef}>
          {drafts.map((draft, index) => (
            <FieldEditor
              key={draft.uid}
              idPrefix={`${idPrefix}-${draft.uid}`}
              draft={draft}
              index={index}
              count={drafts.length}
              errors={errors[draft.uid] ?? {}}
              onChange={(change) => update(draft.uid, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(draft.uid)}
            />
          ))}
        </ol>
        <div className="intake-form__actions">
          <Button
            variant="secondary"
            onClick={add}
            disabled={drafts.length >= INTAKE_LIMITS.fields}
          >
            Add a question
          </Button>
          <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
            Save as a new version
          </Button>
        </div>
      </form>
      <aside className="intake-builder__aside">
        <section className="card" aria-labelledby={`${idPrefix}-outline`}>
          <h2 id={`${idPrefix}-outline`}>The questions, in order</h2>
          {drafts.length === 0 ? (
            <p>None.</p>
          ) : (
            <ol className="intake-builder__outline" aria-live="polite">
              {drafts.map((draft) => (
                <li key={draft.uid}>
                  {draft.label.trim() || 'Untitled question'} (
                  {INTAKE_FIELD_TYPE_LABELS[draft.type]}
                  {draft.required ? ', required' : ''})
                </li>
              ))}
            </ol>
          )}
        </section>
        <VersionHistory
          state={state}
          onRestored={(fields) => {
            setDrafts(fields.map(toDraft));
            setErrors({});
            setFormError(null);
          }}
        />
      </aside>
    </div>
  );
}

interface FieldEditorProps {
  idPrefix: string;
  draft: Draft;
  index: number;
  count: number;
  errors: DraftErrors;
  onChange: (change: Partial<Draft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function FieldEditor({
  idPrefix,
  draft,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: FieldEditorProps) {
  const name = draft.label.trim() || `question ${index + 1}`;
  return (
    <li className="intake-builder__field" aria-label={`Question ${index + 1}`}>
      <div className="intake-builder__field-head">
        <strong>Question {index + 1}</strong>
        <div className="intake-form__actions">
          <Button
            variant="ghost"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
          >
            Move up
          </Button>
          <Button
            variant="ghost"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
          >
            Move down
          </Button>
          <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        </div>
      </div>
      <div className="intake-builder__row">
        <FormField id={`${idPrefix}-label`} label="Label" error={errors.label}>
          {(control) => (
            <Input
              {...control}
              value={draft.label}
              maxLength={INTAKE_LIMITS.labelLength}
              onChange={(event) => onChange({ label: event.target.value })}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-type`} label="Type" error={errors.type}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={draft.type}
              onChange={(event) => onChange({ type: event.target.value as IntakeFieldType })}
            >
              {INTAKE_FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {INTAKE_FIELD_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="intake-builder__row">
        <FormField
          id={`${idPrefix}-key`}
          label="Key"
          hint="Names the answer (letters, digits, _)"
          error={errors.key}
        >
          {(control) => (
            <Input
              {...control}
              value={draft.key}
              maxLength={INTAKE_LIMITS.keyLength}
              spellCheck={false}
              onChange={(event) => onChange({ key: event.target.value, keyTouched: true })}
            />
          )}
        </FormField>
        <div className="field">
          <label className="intake-form__check-label" htmlFor={`${idPrefix}-required`}>
            <input
              id={`${idPrefix}-required`}
              type="checkbox"
              checked={draft.required}
              onChange={(event) => onChange({ required: event.target.checked })}
            />{' '}
            Required
          </label>
        </div>
      </div>
      <FormField id={`${idPrefix}-help`} label="Help text" error={errors.help}>
        {(control) => (
          <Input
            {...control}
            value={draft.help}
            maxLength={INTAKE_LIMITS.helpLength}
            onChange={(event) => onChange({ help: event.target.value })}
          />
        )}
      </FormField>
      {hasOptions(draft.type) && (
        <FormField
          id={`${idPrefix}-options`}
          label="Options"
          hint="One per line, in the order shown"
          error={errors.options}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              value={draft.options}
              onChange={(event) => onChange({ options: event.target.value })}
            />
          )}
        </FormField>
      )}
    </li>
  );
}

/** The saved versions, newest first: who saved each and when; an earlier one can be restored. */
function VersionHistory({
  state,
  onRestored,
}: {
  state: IntakeFormState;
  onRestored: (fields: IntakeField[]) => void;
}) {
  const headingId = useId();
  const versions = useIntakeVersions(state.packageId);
  const restore = useRestoreIntakeVersion(state.packageId);
  const { confirm, dialog } = useConfirm();

  const ask = async (versionId: string, version: number) => {
    const confirmed = await confirm({
      title: `Restore version ${version}?`,
      message: 'It is saved again as the newest version; the versions in between are kept.',
      confirmLabel: 'Restore',
    });
    if (!confirmed) return;
    restore.mutate(versionId, {
      onSuccess: (saved) => {
        toast.success(INTAKE_TEXTS.restored(version));
        onRestored(saved.fields);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      {dialog}
      <h2 id={headingId}>History</h2>
      {versions.isPending ? (
        <SkeletonBlock label="Loading the versions" lines={2} />
      ) : versions.isError ? (
        <QueryErrorAlert query={versions} />
      ) : versions.data.length === 0 ? (
        <p>Not saved yet.</p>
      ) : (
        <ol className="intake-builder__versions" reversed>
          {versions.data.map((version, i) => (
            <li key={version.id}>
              Version {version.version}: {version.fields.length} questions, {when(version.savedAt)}{' '}
              by {version.savedBy ?? 'the demo content'}
              {i === 0 ? (
                ' (current)'
              ) : (
                <>
                  {' '}
                  <Button
                    variant="ghost"
                    onClick={() => void ask(version.id, version.version)}
                    isLoading={restore.isPending && restore.variables === version.id}
                    disabled={restore.isPending}
                    aria-label={`Restore version ${version.version}`}
                  >
                    Restore
                  </Button>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
