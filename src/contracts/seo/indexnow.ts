import { z } from 'zod';

/**
 * IndexNow: search engines told of the public pages a content change affects.
 *
 * Public: GET /{key}.txt → the key (text/plain), proving the site owns it.
 * Admin:  GET /api/admin/seo/indexnow → IndexNowStatus
 *         PUT /api/admin/seo/indexnow {enabled} → IndexNowStatus (audited)
 */

export const INDEXNOW_SUBMISSION_STATUSES = [
  /** Gathering the changes of a burst of edits until it is due. */
  'pending',
  /** Posted at least once; retried with backoff after a failure. */
  'sending',
  'sent',
  /** Every attempt failed: the last error says why. */
  'failed',
  /** Not sent: IndexNow was turned off (or has no endpoint) when it was due. */
  'skipped',
] as const;
export type IndexNowSubmissionStatus = (typeof INDEXNOW_SUBMISSION_STATUSES)[number];

export const indexNowSubmissionSchema = z.object({
  id: z.uuid(),
  status: z.enum(INDEXNOW_SUBMISSION_STATUSES),
  /** The absolute URLs submitted (or to be). */
  urls: z.array(z.string()),
  createdAt: z.iso.datetime(),
  dueAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  /** The endpoint's last HTTP status (none: no answer). */
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type IndexNowSubmission = z.infer<typeof indexNowSubmissionSchema>;

export const indexNowStatusSchema = z.object({
  /** The admins' switch (SEO hub). */
  enabled: z.boolean(),
  /** Where submissions go; null: nowhere (development and tests without INDEXNOW_ENDPOINT). */
  endpoint: z.string().nullable(),
  /** The key file's URL. */
  keyLocation: z.string(),
  /** The latest submissions, newest first. */
  submissions: z.array(indexNowSubmissionSchema),
});
export type IndexNowStatus = z.infer<typeof indexNowStatusSchema>;

export const indexNowSettingsInputSchema = z
  .object({ enabled: z.boolean({ error: 'enabled must be true or false' }) })
  .strict();
export type IndexNowSettingsInput = z.infer<typeof indexNowSettingsInputSchema>;

/** The public endpoint used in production when INDEXNOW_ENDPOINT does not name another. */
export const INDEXNOW_DEFAULT_ENDPOINT = 'https://api.indexnow.org/indexnow';
