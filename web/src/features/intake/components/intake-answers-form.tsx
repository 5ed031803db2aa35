import {
  INTAKE_LIMITS,
  INTAKE_TEXTS,
  type IntakeAnswer,
  type IntakeField,
  type IntakeFile,
  type IntakeFormVersion,
  type IntakeSubmission,
} from '@contracts/intake';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Textarea } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { uploadOrderFile } from '../../../lib/order-files';
import { type IntakeViewer, useSubmitIntake } from '../api/intake';

/** What the inputs hold: text (numbers too, as typed), a tick, or a list (options, file ids). */
type Value = string | boolean | string[];

function initialValue(field: IntakeField, answer: IntakeAnswer | undefined): Value {
  if (field.type === 'checkbox') return answer === true;
  if (field.type === 'multiSelect' || field.type === 'file') {
    return Array.isArray(answer) ? answer : [];
  }
  if (answer === undefined || typeof answer === 'boolean' || Array.isArray(answer)) return '';
  return String(answer);
}

/** A value as sent: an empty one is no answer (null); a number field's text is a number. */
function toAnswer(field: IntakeField, value: Value): IntakeAnswer | null {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    if (field.type === 'number') {
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
  }
  return value;
}

/** The server names each bad answer `answers.<fieldKey>`. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    errors[path.replace(/^answers\./, '')] = message;
  }
  return errors;
}

export interface IntakeAnswersFormProps {
  orderId: string;
  viewer: IntakeViewer;
  form: IntakeFormVersion;
  /** The answers given so far (editing them), if any. */
  previous: IntakeSubmission | null;
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * The questionnaire as a form: each question with its label, help and own error (the server's,
 * next to it); files are uploaded for the order as they are chosen, then sent by id. The success
 * toast only once the server accepted the answers.
 */
export function IntakeAnswersForm({
  orderId,
  viewer,
  form,
  previous,
  onDone,
  onCancel,
}: IntakeAnswersFormProps) {
  const idPrefix = useId();
  const submit = useSubmitIntake(orderId, viewer);
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(
      form.fields.map((field) => [field.key, initialValue(field, previous?.answers[field.key])]),
    ),
  );
  const [files, setFiles] = useState<Record<string, IntakeFile>>(() =>
    Object.fromEntries((previous?.files ?? []).map((file) => [file.id, file])),
  );
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: string, value: Value) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const upload = async (field: IntakeField, chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    setUploading((current) => ({ ...current, [field.key]: true }));
    try {
      const ids = [...((values[field.key] as string[] | undefined) ?? [])];
      for (const file of Array.from(chosen)) {
        const stored = await uploadOrderFile(orderId, file);
        setFiles((current) => ({
          ...current,
          [stored.id]: {
            id: stored.id,
            filename: stored.filename,
            contentType: stored.contentType,
            size: stored.size,
          },
        }));
        ids.push(stored.id);
      }
      set(field.key, ids);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      setErrors((current) => ({ ...current, [field.key]: message }));
    } finally {
      setUploading((current) => ({ ...current, [field.key]: false }));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const answers = Object.fromEntries(
      form.fields.map((field) => [field.key, toAnswer(field, values[field.key] ?? '')]),
    );
    try {
      await submit.mutateAsync({ answers, formVersionId: form.id });
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      const byField = fieldErrors(error);
      setErrors(byField);
      const first = form.fields.find((field) => byField[field.key]);
      if (first) document.getElementById(`${idPrefix}-${first.key}`)?.focus();
      else setFormError(message);
      return;
    }
    toast.success(viewer === 'admin' ? INTAKE_TEXTS.submittedForCustomer : INTAKE_TEXTS.submitted);
    onDone();
  };

  const busy = Object.values(uploading).some(Boolean);

  return (
    <form className="intake-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {formError && <Alert tone="error">{formError}</Alert>}
      {form.fields.map((field) => (
        <IntakeQuestion
          key={field.key}
          id={`${idPrefix}-${field.key}`}
          field={field}
          value={values[field.key] ?? ''}
          error={errors[field.key]}
          files={files}
          uploading={uploading[field.key] === true}
          onChange={(value) => set(field.key, value)}
          onFiles={(chosen) => void upload(field, chosen)}
        />
      ))}
      <div className="intake-form__actions">
        <Button type="submit" isLoading={submit.isPending} loadingText="Sending…" disabled={busy}>
          {viewer === 'admin'
            ? 'Save the answers'
            : previous
              ? 'Save my answers'
              : 'Send my answers'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={submit.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

interface QuestionProps {
  id: string;
  field: IntakeField;
  value: Value;
  error?: string;
  files: Record<string, IntakeFile>;
  uploading: boolean;
  onChange: (value: Value) => void;
  onFiles: (files: FileList | null) => void;
}

const labelOf = (field: IntakeField) => (
  <>
    {field.label}
    {field.required ? (
      <span className="intake-form__required"> (required)</span>
    ) : (
      <span className="intake-form__optional"> (optional)</span>
    )}
  </>
);

/** One question, its control chosen by its type; every control labelled and described. */
function IntakeQuestion({
  id,
  field,
  value,
  error,
  files,
  uploading,
  onChange,
  onFiles,
}: QuestionProps) {
  const hint = field.help || undefined;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];

  if (field.type === 'checkbox') {
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    return (
      <div
        className={['field', 'intake-form__check', error && 'field--invalid']
          .filter(Boolean)
          .join(' ')}
      >
        <label className="intake-form__check-label" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined
            }
          />{' '}
          {labelOf(field)}
        </label>
        {hint && (
          <p className="field__hint" id={hintId}>
            {hint}
          </p>
        )}
        {error && (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        )}
      </div>
    );
  }

  if (field.type === 'multiSelect') {
    const errorId = `${id}-error`;
    return (
      <fieldset
        id={id}
        tabIndex={-1}
        className={['field', 'intake-form__group', error && 'field--invalid']
          .filter(Boolean)
          .join(' ')}
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="field__label">{labelOf(field)}</legend>
        {hint && <p className="field__hint">{hint}</p>}
        {field.options.map((option) => (
          <label key={option} className="intake-form__check-label">
            <input
              type="checkbox"
              checked={list.includes(option)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...list, option]
                    : list.filter((chosen) => chosen !== option),
                )
              }
            />{' '}
            {option}
          </label>
        ))}
        {error && (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <FormField id={id} label={labelOf(field)} hint={hint} error={error}>
      {(control) => {
        switch (field.type) {
          case 'longText':
            return (
              <Textarea
                {...control}
                rows={5}
                maxLength={INTAKE_LIMITS.longText}
                value={text}
                onChange={(event) => onChange(event.target.value)}
              />
            );
          case 'select':
            return (
              <select
                {...control}
                className="input"
                value={text}
                onChange={(event) => onChange(event.target.value)}
              >
                <option value="">Choose…</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            );
          case 'file':
            return (
              <div className="intake-form__files">
                {list.length > 0 && (
                  <ul className="intake-form__file-list">
                    {list.map((fileId) => (
                      <li key={fileId}>
                        {files[fileId]?.filename ?? 'Uploaded file'}{' '}
                        <Button
                          variant="ghost"
                          onClick={() => onChange(list.filter((other) => other !== fileId))}
                          aria-label={`Remove ${files[fileId]?.filename ?? 'the file'}`}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                <Input
                  {...control}
                  type="file"
                  multiple
                  disabled={uploading}
                  onChange={(event) => {
                    onFiles(event.target.files);
                    event.target.value = '';
                  }}
                />
                {uploading && <p role="status">Uploading…</p>}
              </div>
            );
          default:
            return (
              <Input
                {...control}
                type={
                  field.type === 'url'
                    ? 'url'
                    : field.type === 'email'
                      ? 'email'
                      : field.type === 'number'
                        ? 'number'
                        : 'text'
                }
                inputMode={
                  field.type === 'number' ? 'decimal' : field.type === 'url' ? 'url' : undefined
                }
                maxLength={
                  field.type === 'shortText'
                    ? INTAKE_LIMITS.shortText
                    : field.type === 'url'
                      ? INTAKE_LIMITS.url
                      : field.type === 'email'
                        ? INTAKE_LIMITS.email
                        : undefined
                }
                value={text}
                onChange={(event) => onChange(event.target.value)}
              />
            );
        }
      }}
    </FormField>
  );
}
