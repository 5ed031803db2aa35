import { defineEntity, p } from '@mikro-orm/core';
import { REVISION_ACTIONS } from '../../../contracts/content/index.js';

/** Every write to a section: who, when, and the record before and after (kept after a deletion). */
export const ContentRevisionSchema = defineEntity({
  name: 'ContentRevision',
  tableName: 'content_revision',
  properties: {
    id: p.uuid().primary(),
    entryId: p.uuid(),
    section: p.string().length(64),
    action: p.enum(REVISION_ACTIONS),
    before: p.json<Record<string, string>>().nullable(),
    after: p.json<Record<string, string>>().nullable(),
    actorAccountId: p.uuid().nullable(),
    actorEmail: p.string().length(254).nullable(),
    at: p.datetime(),
    /** Made by publishing a draft. */
    published: p.boolean().default(false),
  },
});

export class ContentRevision extends ContentRevisionSchema.class {}
ContentRevisionSchema.setClass(ContentRevision);
