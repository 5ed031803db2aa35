import { z } from 'zod';

/** The one body every error response has. `fields` maps a field path to its first message. */
export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** A machine-readable reason, where a client acts on it (e.g. `two-factor-required`). */
    code: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
