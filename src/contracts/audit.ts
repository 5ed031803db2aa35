import { z } from 'zod';
import { pageOf, pageParams } from './paging.js';
import { storableString } from './text-fields.js';

/**
 * The audit log: one entry per admin action, written in the same transaction as the change.
 *
 * Admin: GET /api/admin/audit?page=&pageSize=&actor=&kind=&from=&to= → AuditPage (newest first)
 * No route edits or deletes an entry.
 */

/** What an admin did, by area. Each is written by exactly one command. */
export const AUDIT_KINDS = [
  'content.created',
  'content.updated',
  'content.deleted',
  'content.restored',
  'order.changed',
  'payment.refunded',
  'payment.verify-again',
  'subscription.suspended',
  'subscription.resumed',
  'subscription.cancelled',
  'subscription.migrated',
  'payment-account.saved',
  'payment-account.activated',
  'payment-account.removed',
  'admin-user.added',
  'admin-user.updated',
  'admin-user.role-changed',
  'admin-user.removed',
  'admin-user.invited',
  'admin-user.invitation-accepted',
  'admin-user.invitation-revoked',
  'account.two-factor-enabled',
  'account.two-factor-disabled',
  'campaign.saved',
  'campaign.deleted',
  'campaign.sent',
  'campaign.scheduled',
  'campaign.unscheduled',
  'campaign.cancelled',
  'campaign.resumed',
  'campaign.test-sent',
  'newsletter-welcome.saved',
  'indexnow.settings-saved',
  'newsletter-welcome.test-sent',
  'message.read',
  'subscriber.removed',
  'queue-job.retried',
  'queue-job.removed',
  'intake-form.saved',
  'intake-form.restored',
  'redirect.created',
  'redirect.updated',
  'redirect.deleted',
  'not-found.dismissed',
  'content.draft-published',
  'content.draft-discarded',
  'content.publish-scheduled',
  'content.publish-unscheduled',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How each kind reads in the log's filter and rows. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'content.created': 'Content added',
  'content.updated': 'Content edited',
  'content.deleted': 'Content deleted',
  'content.restored': 'Content restored',
  'order.changed': 'Order updated',
  'payment.refunded': 'Payment refunded',
  'payment.verify-again': 'Payment notification verified again',
  'subscription.suspended': 'Subscription paused',
  'subscription.resumed': 'Subscription resumed',
  'subscription.cancelled': 'Subscription cancelled',
  'subscription.migrated': 'Subscription moved to the current price',
  'payment-account.saved': 'Payment e-mail saved',
  'payment-account.activated': 'Payment e-mail made active',
  'payment-account.removed': 'Payment e-mail removed',
  'admin-user.added': 'Admin user added',
  'admin-user.updated': 'Admin user edited',
  'admin-user.role-changed': 'Staff role changed',
  'admin-user.removed': 'Admin user removed',
  'admin-user.invited': 'Invitation sent',
  'admin-user.invitation-accepted': 'Invitation accepted',
  'admin-user.invitation-revoked': 'Invitation withdrawn',
  'account.two-factor-enabled': 'Two-factor sign-in turned on',
  'account.two-factor-disabled': 'Two-factor sign-in turned off',
  'campaign.saved': 'Newsletter saved',
  'campaign.deleted': 'Newsletter deleted',
  'campaign.sent': 'Newsletter sent',
  'campaign.scheduled': 'Newsletter scheduled',
  'campaign.unscheduled': 'Newsletter unscheduled',
  'campaign.cancelled': 'Newsletter cancelled',
  'campaign.resumed': 'Newsletter resumed',
  'campaign.test-sent': 'Newsletter test sent',
  'newsletter-welcome.saved': 'Welcome e-mail saved',
  'indexnow.settings-saved': 'IndexNow turned on or off',
  'newsletter-welcome.test-sent': 'Welcome e-mail test sent',
  'message.read': 'Message marked read',
  'subscriber.removed': 'Subscriber removed',
  'queue-job.retried': 'Failed job retried',
  'queue-job.removed': 'Failed job removed',
  'intake-form.saved': 'Questionnaire saved',
  'intake-form.restored': 'Questionnaire version restored',
  'redirect.created': 'Redirect added',
  'redirect.updated': 'Redirect edited',
  'redirect.deleted': 'Redirect removed',
  'not-found.dismissed': '404 path dismissed',
  'content.draft-published': 'Content draft published',
  'content.draft-discarded': 'Content draft discarded',
  'content.publish-scheduled': 'Content publish scheduled',
  'content.publish-unscheduled': 'Content publish unscheduled',
};

export const AUDIT_PAGE_SIZE = 20;
export const MAX_AUDIT_PAGE_SIZE = 100;

/** A JSON value as recorded: the state before and after an edit, or what was created or removed. */
const recordedState = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.enum(AUDIT_KINDS),
    /** The admin who acted: their account id and e-mail as it was then. */
    actorId: z.uuid(),
    actorEmail: z.string(),
    /** What was acted on, e.g. `order` and its id, or `content:banner` and the entry's id. */
    targetType: z.string(),
    targetId: z.string().nullable(),
    /** A one-line description for the log's rows. */
    summary: z.string(),
    before: recordedState,
    after: recordedState,
    /** The client's IP (TRUST_PROXY honoured). */
    ip: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateError = 'must be a date (YYYY-MM-DD)';

/** The log's filters: by actor (a part of the e-mail, any case), kind, and days from/to (inclusive, UTC). */
export const auditPageQuerySchema = z
  .object({
    ...pageParams(AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE),
    actor: storableString('actor').trim().max(254, { error: 'actor is too long' }).optional(),
    kind: z.enum(AUDIT_KINDS, { error: 'kind is not a kind of audit entry' }).optional(),
    from: z.iso.date({ error: `from ${dateError}` }).optional(),
    to: z.iso.date({ error: `to ${dateError}` }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'to must not be before from',
  });
export type AuditPageQuery = z.output<typeof auditPageQuerySchema>;
export type AuditPageQueryInput = z.input<typeof auditPageQuerySchema>;

export const auditPageSchema = pageOf(auditEntrySchema).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;
