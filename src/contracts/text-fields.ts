import { z } from 'zod';

/** A required, trimmed single-line text with the site's wording for its messages. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, { error: `${label} is Required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const requiredEmail = (label = 'Email') =>
  requiredText(label, 254).pipe(z.email({ error: 'Provide a Valid Email' }));
