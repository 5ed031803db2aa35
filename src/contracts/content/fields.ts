import { z } from 'zod';
import { storableString } from '../text-fields.js';

/**
 * The kinds of field a site section has. Each brings its own rule (spec §5 asks only that inputs are
 * filled; the server also checks what the original did not: URLs, e-mails, prices, options, lengths).
 */
export type FieldType =
  'text' | 'longText' | 'url' | 'image' | 'email' | 'numberText' | 'percent' | 'price' | 'select';

export interface FieldDef {
  /** The seed's field name, used in storage and on the wire. */
  readonly name: string;
  readonly type: FieldType;
  readonly label: string;
  /** Inputs the seed's forms send are required; fields only the public pages read are optional. */
  readonly required: boolean;
  /** For `select`. */
  readonly options?: readonly string[];
  /** Other spellings accepted on input (and echoed on output) for clients of the old site. */
  readonly aliases?: readonly string[];
  /** Help shown under the field in the admin form. */
  readonly hint?: string;
  /** A tighter limit than its type's (`MAX_LENGTH`), e.g. for a title search engines cut off. */
  readonly maxLength?: number;
  /** A rule of the field's own on top of its type's: a filled-in value must match `regex`. */
  readonly pattern?: { readonly regex: RegExp; readonly message: string };
  /**
   * In a collection: no two records may hold the same value (e.g. one Page SEO entry per page).
   * Checked on every write, in the write's transaction; a second one is a 409.
   */
  readonly unique?: boolean;
}

export const MAX_LENGTH: Record<FieldType, number> = {
  text: 200,
  longText: 5000,
  url: 2048,
  image: 2048,
  email: 254,
  numberText: 20,
  percent: 3,
  price: 10,
  select: 50,
};

/** The longest value a field takes: its own limit, else its type's. */
export function fieldMaxLength(field: FieldDef): number {
  return Math.min(field.maxLength ?? Infinity, MAX_LENGTH[field.type]);
}

/** A site path (`/uploads/…`, `/demo/…`) or an absolute http(s) URL. */
const SITE_PATH = /^\/(?![/\\])[^\s<>"']*$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const EMAIL = z.email();

/** Each type's check of a filled-in value, and the message when it fails. */
const RULES: Record<FieldType, (field: FieldDef) => [(value: string) => boolean, string] | null> = {
  text: () => null,
  longText: () => null,
  url: ({ label }) => [isHttpUrl, `${label} must be an http(s) URL`],
  image: ({ label }) => [
    (value) => isHttpUrl(value) || SITE_PATH.test(value),
    `${label} must be an image URL or an uploaded image`,
  ],
  email: () => [(value) => EMAIL.safeParse(value).success, 'Provide a Valid Email'],
  numberText: ({ label }) => [
    (value) => /^\d[\d.,]*\s?[+%kKmM]?$/.test(value),
    `${label} must be a number`,
  ],
  percent: ({ label }) => [
    (value) => /^(100|[1-9]?\d)$/.test(value),
    `${label} must be a number from 0 to 100`,
  ],
  price: ({ label }) => [
    (value) => /^\d{1,7}(\.\d{1,2})?$/.test(value),
    `${label} must be a price like 49 or 49.99`,
  ],
  select: ({ label, options = [] }) => [
    (value) => options.includes(value),
    `${label} must be one of ${options.join(', ')}`,
  ],
};

/**
 * The zod rule of one field, with messages in the site's wording ('X is Required'). An optional field
 * may be left empty (it is then not stored); a filled one must pass its type's check.
 */
export function fieldSchema(field: FieldDef) {
  const { label, type, pattern } = field;
  const max = fieldMaxLength(field);
  const rule = RULES[type](field);
  const text = storableString(label)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
  const typed = rule
    ? text.refine((value) => value === '' || rule[0](value), { error: rule[1] })
    : text;
  const checked = pattern
    ? typed.refine((value) => value === '' || pattern.regex.test(value), {
        error: pattern.message,
      })
    : typed;
  if (!field.required) return checked.optional();
  return z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, { error: `${label} is Required`, abort: true })
    .pipe(checked);
}
