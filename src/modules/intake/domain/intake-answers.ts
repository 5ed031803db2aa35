import { z } from 'zod';
import {
  INTAKE_LIMITS,
  INTAKE_TEXTS,
  type IntakeAnswer,
  type IntakeField,
} from '../../../contracts/intake.js';
import { isUuid } from '../../../contracts/ids.js';
import { isStorableText } from '../../../contracts/text-fields.js';

const EMAIL = z.email();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Answers checked against their form: the clean values, or a message per bad field key. */
export type CheckedAnswers =
  | { ok: true; answers: Record<string, IntakeAnswer> }
  | { ok: false; errors: Record<string, string> };

/** A field left empty: no value, an empty or blank text, an empty list. */
const isEmpty = (value: IntakeAnswer | null | undefined): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The ids of files the answers' file fields name (well-formed ones only), to look up at once. */
export function fileIdsOf(
  fields: readonly IntakeField[],
  answers: Record<string, IntakeAnswer | null>,
): string[] {
  const ids = new Set<string>();
  for (const field of fields) {
    const value = answers[field.key];
    if (field.type !== 'file' || !Array.isArray(value)) continue;
    for (const id of value) if (typeof id === 'string' && isUuid(id)) ids.add(id.toLowerCase());
  }
  return [...ids];
}

type Checked = { value: IntakeAnswer } | { error: string };
const ok = (value: IntakeAnswer): Checked => ({ value });
const fail = (error: string): Checked => ({ error });

/** A text answer's check: its length limit and the characters it may hold. */
function text(field: IntakeField, value: IntakeAnswer, max: number): Checked {
  if (typeof value !== 'string') return fail(`${field.label} must be text`);
  const trimmed = value.trim();
  if (!isStorableText(trimmed))
    return fail(`${field.label} contains characters that are not allowed`);
  if (trimmed.length > max) return fail(`${field.label} must be at most ${max} characters`);
  return ok(trimmed);
}

/** One filled-in answer checked by its field's type. */
function checkOne(
  field: IntakeField,
  value: IntakeAnswer,
  orderFiles: ReadonlySet<string>,
): Checked {
  const { label } = field;
  switch (field.type) {
    case 'shortText':
      return text(field, value, INTAKE_LIMITS.shortText);
    case 'longText':
      return text(field, value, INTAKE_LIMITS.longText);
    case 'url': {
      const url = text(field, value, INTAKE_LIMITS.url);
      if ('error' in url) return url;
      return isHttpUrl(String(url.value)) ? url : fail(`${label} must be an http(s) URL`);
    }
    case 'email': {
      const email = text(field, value, INTAKE_LIMITS.email);
      if ('error' in email) return email;
      return EMAIL.safeParse(email.value).success
        ? email
        : fail(`${label} must be an e-mail address`);
    }
    case 'number': {
      const number =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
            ? Number(value.trim())
            : NaN;
      if (!Number.isFinite(number)) return fail(`${label} must be a number`);
      if (Math.abs(number) > INTAKE_LIMITS.number) return fail(`${label} is too large`);
      return ok(number);
    }
    case 'select':
      return typeof value === 'string' && field.options.includes(value)
        ? ok(value)
        : fail(`${label} must be one of ${field.options.join(', ')}`);
    case 'multiSelect': {
      if (!Array.isArray(value)) return fail(`${label} must be a list of options`);
      if (value.some((option) => !field.options.includes(option))) {
        return fail(`${label} must be chosen from ${field.options.join(', ')}`);
      }
      // In the form's order, once each, whatever order they came in.
      return ok(field.options.filter((option) => value.includes(option)));
    }
    case 'checkbox':
      if (typeof value !== 'boolean') return fail(`${label} must be true or false`);
      if (field.required && !value) return fail(`${label} is Required`);
      return ok(value);
    case 'file': {
      if (!Array.isArray(value)) return fail(`${label} must be a list of uploaded files`);
      const ids = [...new Set(value.map((id) => id.toLowerCase()))];
      if (ids.length > INTAKE_LIMITS.files) {
        return fail(`${label} takes at most ${INTAKE_LIMITS.files} files`);
      }
      if (ids.some((id) => !orderFiles.has(id))) return fail(`${label}: ${INTAKE_TEXTS.notAFile}`);
      return ok(ids);
    }
  }
}

/**
 * The answers to `fields`, each checked by its type (required, URL, e-mail, number, options, files of
 * this order, lengths); a key the form does not have is refused. `orderFiles`: the ids of the files
 * uploaded for the order among those the answers name. Errors are keyed `answers.<fieldKey>`.
 */
export function checkAnswers(
  fields: readonly IntakeField[],
  answers: Record<string, IntakeAnswer | null>,
  orderFiles: ReadonlySet<string>,
): CheckedAnswers {
  const errors: Record<string, string> = {};
  const clean: Record<string, IntakeAnswer> = {};
  const keys = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(answers)) {
    if (!keys.has(key)) errors[`answers.${key}`] = 'Not a question of this form';
  }
  for (const field of fields) {
    const value = answers[field.key];
    if (isEmpty(value)) {
      if (field.required) errors[`answers.${field.key}`] = `${field.label} is Required`;
      continue;
    }
    const checked = checkOne(field, value!, orderFiles);
    if ('error' in checked) errors[`answers.${field.key}`] = checked.error;
    else clean[field.key] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, answers: clean };
}
