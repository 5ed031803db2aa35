import { defineEntity, p } from '@mikro-orm/core';

/**
 * One record of a site section. The data is JSONB checked against the section's registry schema on every
 * write; a partial unique index keeps singleton sections to one record each.
 */
export const ContentEntrySchema = defineEntity({
  name: 'ContentEntry',
  tableName: 'content_entry',
  properties: {
    id: p.uuid().primary(),
    section: p.string().length(64),
    singleton: p.boolean(),
    data: p.json<Record<string, string>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ContentEntry extends ContentEntrySchema.class {}
ContentEntrySchema.setClass(ContentEntry);
