import { defineEntity, p } from '@mikro-orm/core';

export const PUBLISH_SCHEDULE_STATUSES = ['pending', 'cancelled', 'published', 'skipped'] as const;

/**
 * A section's draft to publish at a time (UTC), by whom: its job is an outbox row due then
 * (ContentPublishDue). Cancelling marks it, so the job finds nothing to do; at most one is pending
 * per section.
 */
export const ContentPublishScheduleSchema = defineEntity({
  name: 'ContentPublishSchedule',
  tableName: 'content_publish_schedule',
  properties: {
    id: p.uuid().primary(),
    section: p.string().length(64),
    publishAt: p.datetime(),
    status: p.enum(PUBLISH_SCHEDULE_STATUSES),
    scheduledByAccountId: p.uuid(),
    scheduledByEmail: p.string().length(254),
    scheduledByIp: p.string().length(64),
    createdAt: p.datetime(),
    doneAt: p.datetime().nullable(),
  },
});

export class ContentPublishSchedule extends ContentPublishScheduleSchema.class {}
ContentPublishScheduleSchema.setClass(ContentPublishSchedule);
