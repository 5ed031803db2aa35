import { z } from 'zod';

/**
 * Whether PostgreSQL can store a text: no NUL (text and JSONB refuse it) and no UTF-16 surrogate
 * without its pair (it has no UTF-8 encoding). Every text from outside is checked, so that such input
 * is a 400 naming its field, never a database error.
 */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\0');
}

/** A text for storage or a log when refusing it is not an option (a header): bad characters become U+FFFD. */
export function toStorableText(value: string): string {
  return value.toWellFormed().replaceAll('\0', '\uFFFD');
}

/**
 * A string that can be stored: the base of every text field. Checked before anything else, so a bad
 * character is the one message its field gets.
 */
export const storableString = (label: string, typeError = `${label} must be text`) =>
  z.string({ error: typeError }).refine(isStorableText, {
    error: `${label} contains characters that are not allowed`,
    abort: true,
  });

/** A required, trimmed single-line text with the site's wording for its messages. */
export const requiredText = (label: string, max: number) =>
  storableString(label, `${label} is Required`)
    .trim()
    .min(1, { error: `${label} is Required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const requiredEmail = (label = 'Email') =>
  requiredText(label, 254).pipe(z.email({ error: 'Provide a Valid Email' }));
