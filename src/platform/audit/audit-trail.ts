import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditKind } from '../../contracts/audit.js';
import type { AuditActor } from './audit-actor.js';
import { AuditEntry } from './audit-entry.entity.js';

/** What an admin did: the kind, what it was done to, a one-line summary, and the state around it. */
export interface AuditChange {
  kind: AuditKind;
  targetType: string;
  targetId: string | null;
  summary: string;
  /** The state before an edit or removal (omit for a creation). */
  before?: object | null;
  /** The state after an edit or creation (omit for a removal). */
  after?: object | null;
}

/** A recorded state as plain JSON: dates become ISO strings, `undefined` fields are dropped. */
const asJson = (state: object | null | undefined): Record<string, unknown> | null =>
  state ? (JSON.parse(JSON.stringify(state)) as Record<string, unknown>) : null;

/**
 * Adds an audit entry to the caller's unit of work, so it commits with the change it describes, or
 * not at all: call it inside the transaction that makes the change, before that transaction's flush.
 */
export function recordAudit(em: EntityManager, actor: AuditActor, change: AuditChange): void {
  em.create(AuditEntry, {
    id: randomUUID(),
    at: new Date(),
    kind: change.kind,
    actorId: actor.accountId,
    actorEmail: actor.email,
    targetType: change.targetType,
    targetId: change.targetId,
    summary: change.summary,
    before: asJson(change.before),
    after: asJson(change.after),
    ip: actor.ip,
  });
}
