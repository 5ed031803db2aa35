import { defineEntity, p } from '@mikro-orm/core';
import { AUDIT_KINDS } from '../../contracts/audit.js';

/**
 * One admin action. Append-only: the table refuses UPDATE and DELETE (a trigger, see the migration), and
 * no route changes an entry.
 */
export const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_entry',
  properties: {
    id: p.uuid().primary(),
    at: p.datetime(),
    kind: p.enum(AUDIT_KINDS),
    actorId: p.uuid(),
    actorEmail: p.string().length(254),
    targetType: p.string().length(60),
    targetId: p.string().length(100).nullable(),
    summary: p.text(),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    ip: p.string().length(64),
  },
});

export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry);
