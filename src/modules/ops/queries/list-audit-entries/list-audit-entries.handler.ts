import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AuditEntry as AuditEntryView, AuditPage } from '../../../../contracts/audit.js';
import { AuditEntry } from '../../../../platform/audit/audit-entry.entity.js';
import { containsPattern } from '../../../../platform/database/like-pattern.js';
import { ListAuditEntriesQuery } from './list-audit-entries.query.js';

const DAY_MS = 24 * 3600_000;

/** `from` and `to` are whole days (UTC), both included. */
export function auditWhere({
  actor,
  kind,
  from,
  to,
}: ListAuditEntriesQuery['filter']): FilterQuery<AuditEntry> {
  const at: { $gte?: Date; $lt?: Date } = {};
  if (from) at.$gte = new Date(`${from}T00:00:00.000Z`);
  if (to) at.$lt = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
  return {
    ...(actor && { actorEmail: { $ilike: containsPattern(actor) } }),
    ...(kind && { kind }),
    ...((from || to) && { at }),
  };
}

const toView = (entry: AuditEntry): AuditEntryView => ({
  id: entry.id,
  at: entry.at.toISOString(),
  kind: entry.kind,
  actorId: entry.actorId,
  actorEmail: entry.actorEmail,
  targetType: entry.targetType,
  targetId: entry.targetId ?? null,
  summary: entry.summary,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: entry.ip,
});

/** Filtering, paging and sorting run in PostgreSQL; the id breaks ties between equal times. */
@QueryHandler(ListAuditEntriesQuery)
export class ListAuditEntriesHandler implements IQueryHandler<ListAuditEntriesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ filter }: ListAuditEntriesQuery): Promise<AuditPage> {
    const { page, pageSize } = filter;
    const [entries, total] = await this.em.fork().findAndCount(AuditEntry, auditWhere(filter), {
      orderBy: { at: 'desc', id: 'desc' },
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    return { items: entries.map(toView), total, page, pageSize };
  }
}
