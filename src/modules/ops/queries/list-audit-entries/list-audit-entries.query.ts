import { Query } from '@nestjs/cqrs';
import type { AuditPage, AuditPageQuery } from '../../../../contracts/audit.js';

/** One page of the audit log, newest first, filtered by actor, kind and days. */
export class ListAuditEntriesQuery extends Query<AuditPage> {
  constructor(readonly filter: AuditPageQuery) {
    super();
  }
}
