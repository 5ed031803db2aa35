import type { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SubscriberStatus } from '../../../../contracts/newsletter.js';
import {
  CSV_CHUNK_ROWS,
  type Keyset,
  keysetCsv,
  SQL_ISO_UTC,
} from '../../../../platform/http/csv-export.js';
import { ExportSubscribersQuery } from './export-subscribers.query.js';
import { SUBSCRIBER_CSV_HEADER } from './subscriber-csv.js';

interface ExportRow {
  id: string;
  email: string;
  status: string;
  created_at: string;
  confirmed_at: string | null;
  cursor_at: string;
}

/** Newest first by (created_at, id), in chunks (keysetCsv): an address removed meanwhile may be absent. */
@QueryHandler(ExportSubscribersQuery)
export class ExportSubscribersHandler implements IQueryHandler<ExportSubscribersQuery> {
  constructor(private readonly em: EntityManager) {}

  execute({ status }: ExportSubscribersQuery): Promise<Readable> {
    return keysetCsv(
      SUBSCRIBER_CSV_HEADER,
      (after) => this.chunk(status, after),
      (row) => [row.email, row.status, row.created_at, row.confirmed_at ?? ''],
    );
  }

  private chunk(status: SubscriberStatus | undefined, after?: Keyset): Promise<ExportRow[]> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (status) {
      conditions.push('status = ?');
      params.push(status);
    }
    if (after) {
      conditions.push('(created_at, id) < (cast(? as timestamptz), cast(? as uuid))');
      params.push(after.at, after.id);
    }
    const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
    return this.em.getConnection().execute<ExportRow[]>(
      `select id, email, status,
              to_char(created_at at time zone 'UTC', ${SQL_ISO_UTC}) as created_at,
              to_char(confirmed_at at time zone 'UTC', ${SQL_ISO_UTC}) as confirmed_at,
              created_at::text as cursor_at
         from subscriber ${where}
        order by created_at desc, id desc
        limit ${CSV_CHUNK_ROWS}`,
      params,
    );
  }
}
