import { defineEntity, p } from '@mikro-orm/core';

/** One pending change of a draft: an entry's new fields, or `null` for its deletion. */
export interface DraftChange {
  id: string;
  data: Record<string, string> | null;
}

/**
 * A section's unpublished changes (the admin editor's writes), one row per section: the entries it
 * adds, changes or deletes, in the order they were made. The published entries keep serving until a
 * publish applies it.
 */
export const ContentDraftSchema = defineEntity({
  name: 'ContentDraft',
  tableName: 'content_draft',
  properties: {
    section: p.string().length(64).primary(),
    changes: p.json<DraftChange[]>(),
    updatedByAccountId: p.uuid().nullable(),
    updatedByEmail: p.string().length(254).nullable(),
    updatedAt: p.datetime(),
  },
});

export class ContentDraft extends ContentDraftSchema.class {}
ContentDraftSchema.setClass(ContentDraft);
