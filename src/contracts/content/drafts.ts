import { z } from 'zod';
import { storableString } from '../text-fields.js';
import { entrySchema } from './entries.js';

/**
 * Drafts of the site's sections: the admin editor's writes are kept as a section's pending changes
 * while the published version keeps serving; publishing applies them (at once or at a planned time).
 *
 * Admin: GET    /api/admin/content-drafts                       → DraftSummary[] (sections with changes)
 *        GET    /api/admin/content-drafts/:section              → DraftSection (the entries as drafted)
 *        POST   /api/admin/content-drafts/:section/entries      → Entry (201)
 *        PUT    /api/admin/content-drafts/:section/entries/:id  → Entry
 *        DELETE /api/admin/content-drafts/:section/entries/:id  → 204
 *        POST   /api/admin/content-drafts/:section/publish      → PublishResult
 *        POST   /api/admin/content-drafts/publish               → PublishResult (every draft)
 *        DELETE /api/admin/content-drafts/:section              → 204 (discard)
 *        PUT    /api/admin/content-drafts/:section/schedule     {publishAt} → DraftSummary
 *        DELETE /api/admin/content-drafts/:section/schedule     → 204 (cancel)
 *        GET    /api/admin/preview?path=/…                      → the page with the drafts (HTML)
 *        POST   /api/admin/preview {path, section?, entries?}   → the same, with unsaved entries
 * The seed paths and the canonical /api/content writes publish at once, as before.
 */

/** A section's pending changes: who changed it last, when, and a planned publish. */
export const draftSummarySchema = z
  .object({
    section: z.string(),
    /** How many entries the draft adds, changes or deletes. */
    changes: z.number().int(),
    updatedBy: z.string().nullable(),
    updatedAt: z.iso.datetime(),
    /** The planned publish (UTC), if any. */
    publishAt: z.iso.datetime().nullable(),
    scheduledBy: z.string().nullable(),
  })
  .meta({ id: 'ContentDraftSummary' });
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const draftSectionSchema = z
  .object({
    section: z.string(),
    /** The section's entries with the draft applied (the published ones when there is none). */
    entries: z.array(entrySchema),
    draft: draftSummarySchema.nullable(),
  })
  .meta({ id: 'ContentDraftSection' });
export type DraftSection = z.infer<typeof draftSectionSchema>;

export const publishResultSchema = z
  .object({ published: z.array(z.string()) })
  .meta({ id: 'ContentPublishResult' });
export type PublishResult = z.infer<typeof publishResultSchema>;

export const schedulePublishSchema = z
  .object({ publishAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'ContentSchedulePublish' });

/** Unsaved values of one section's entries, as the editor's form holds them, for the preview. */
export const previewRequestSchema = z
  .object({
    path: storableString('Page').pipe(z.string().startsWith('/').max(2000)),
    section: storableString('Section').pipe(z.string().max(64)).optional(),
    entries: z
      .array(
        z.record(storableString('Field'), storableString('Value').pipe(z.string().max(20_000))),
      )
      .max(500)
      .optional(),
  })
  .meta({ id: 'ContentPreviewRequest' });
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

export const DRAFT_MESSAGES = {
  noDraft: (label: string) => `${label} has no unpublished changes.`,
  publishAtTooSoon: (seconds: number) => `Choose a time at least ${seconds} seconds from now.`,
  noSchedule: (label: string) => `${label} has no planned publish.`,
} as const;
