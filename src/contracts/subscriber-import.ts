import { z } from 'zod';

/**
 * Importing newsletter subscribers from a CSV, for admins: shared by the server and the SPA.
 *
 * POST /api/admin/subscribers/imports               multipart `file` (CSV) → 201 SubscriberImport
 *        (status `uploaded`, with the headers, the first rows and the guessed mapping) | 400 | 413 | 415
 * POST /api/admin/subscribers/imports/{id}/start    StartSubscriberImport → 202 SubscriberImport | 404 | 409
 * GET  /api/admin/subscribers/imports/{id}          → SubscriberImport (progress and counts) | 404
 * GET  /api/admin/subscribers/imports/{id}/report.csv → text/csv: every line not imported, with its reason
 */

/** The most rows one file may have (a longer file is refused whole: 413). */
export const SUBSCRIBER_IMPORT_MAX_ROWS = 100_000;
/** Rows of the file shown before the import starts. */
export const SUBSCRIBER_IMPORT_PREVIEW_ROWS = 10;

export const SUBSCRIBER_IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'done',
  'failed',
] as const;
export type SubscriberImportStatus = (typeof SUBSCRIBER_IMPORT_STATUSES)[number];

/** What the status column may say (an empty cell: pending, or confirmed with the admin's consent). */
export const IMPORTABLE_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const;

/**
 * What became of a line: `created` a new subscriber; `existing` an address already subscribed (merged:
 * nothing changed, nothing sent); `duplicate` an address of an earlier line; `invalid` no valid address
 * or status; `skipped` an unsubscribed, bounced or complained address (never subscribed again).
 */
export const IMPORT_ROW_OUTCOMES = [
  'created',
  'existing',
  'duplicate',
  'invalid',
  'skipped',
] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

export const SUBSCRIBER_IMPORT_TEXTS = {
  notFound: 'There is no such import',
  notCsv: 'Upload a CSV file (.csv, text/csv), in a file field named "file".',
  malformed:
    'The multipart/form-data body is malformed: send the CSV in one file field named "file".',
  empty: 'The file has no rows.',
  noHeader: 'The first line must name the columns (e.g. email,name,status).',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en')} rows.`,
  tooLarge: (maxBytes: number) => `The file is too large: at most ${maxBytes} bytes.`,
  notUploaded: 'This import has already been started.',
  started: 'The import has started.',
  emailColumn: 'Choose the column with the e-mail addresses',
  columnOutOfRange: 'No such column in the file',
  sameColumn: 'A column can be mapped once only',
} as const;

const column = z.number().int().min(0).max(1000);

/** Which column (0-based) holds what; name and status are optional. */
export const subscriberImportMappingSchema = z
  .strictObject({
    email: column.nullable(),
    name: column.nullable(),
    status: column.nullable(),
  })
  .meta({ id: 'SubscriberImportMapping' });
export type SubscriberImportMapping = z.infer<typeof subscriberImportMappingSchema>;

export const startSubscriberImportSchema = z
  .strictObject({
    mapping: subscriberImportMappingSchema.extend({
      email: column.nullable().refine((value) => value !== null, {
        error: SUBSCRIBER_IMPORT_TEXTS.emailColumn,
      }),
    }),
    /**
     * The admin vouches that every address already consented: they are imported `confirmed` (no
     * confirmation e-mail), the consent recorded per row with the admin, the time and the import.
     */
    consent: z.boolean({ error: 'consent must be true or false' }).default(false),
  })
  .superRefine((value, context) => {
    const used = [value.mapping.email, value.mapping.name, value.mapping.status].filter(
      (entry) => entry !== null,
    );
    if (new Set(used).size !== used.length) {
      context.addIssue({
        code: 'custom',
        path: ['mapping'],
        message: SUBSCRIBER_IMPORT_TEXTS.sameColumn,
      });
    }
  })
  .meta({ id: 'StartSubscriberImport' });
export type StartSubscriberImportInput = z.input<typeof startSubscriberImportSchema>;
export type StartSubscriberImport = z.output<typeof startSubscriberImportSchema>;

export const subscriberImportCountsSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  duplicate: z.number().int(),
  invalid: z.number().int(),
  skipped: z.number().int(),
});

export const subscriberImportSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    status: z.enum(SUBSCRIBER_IMPORT_STATUSES),
    createdAt: z.iso.datetime(),
    createdBy: z.string(),
    headers: z.array(z.string()),
    /** The first rows of the file (SUBSCRIBER_IMPORT_PREVIEW_ROWS), their cells as in the file. */
    preview: z.array(z.array(z.string())),
    /** The mapping chosen when started, else the one guessed from the headers. */
    mapping: subscriberImportMappingSchema,
    consent: z.boolean(),
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    counts: subscriberImportCountsSchema,
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    /** Why a failed import stopped (re-starting it goes on where it stopped). */
    error: z.string().nullable(),
  })
  .meta({ id: 'SubscriberImport' });
export type SubscriberImport = z.infer<typeof subscriberImportSchema>;

/** The upload route (multipart). */
export const SUBSCRIBER_IMPORTS_PATH = '/api/admin/subscribers/imports';

export const subscriberImportPath = (id: string) =>
  `${SUBSCRIBER_IMPORTS_PATH}/${encodeURIComponent(id)}`;
export const subscriberImportReportPath = (id: string) => `${subscriberImportPath(id)}/report.csv`;

const EMAIL_HEADERS = /^(e-?mail|e-?mail ?address|subemail|address|mail)$/i;
const NAME_HEADERS = /^(name|full ?name|first ?name|display ?name)$/i;
const STATUS_HEADERS = /^(status|state|subscription ?status)$/i;

/** The mapping guessed from the header line; the admin can change it before starting. */
export function guessImportMapping(headers: readonly string[]): SubscriberImportMapping {
  const find = (pattern: RegExp) => {
    const index = headers.findIndex((header) => pattern.test(header.trim()));
    return index === -1 ? null : index;
  };
  return { email: find(EMAIL_HEADERS), name: find(NAME_HEADERS), status: find(STATUS_HEADERS) };
}
