import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SubscriberStatus } from '../../../../contracts/newsletter.js';
import { ExportSubscribersQuery } from './export-subscribers.query.js';
import { csvRow, SUBSCRIBER_CSV_HEADER } from './subscriber-csv.js';

/** Rows per query: memory stays flat however many subscribers there are. */
const CHUNK_ROWS = 1000;
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

interface ExportRow {
  id: string;
  email: string;
  status: string;
  created_at: string;
  confirmed_at: string | null;
  /** created_at at full (microsecond) precision, which a JavaScript Date would cut: the keyset. */
  cursor_at: string;
}

type Keyset = { at: string; id: string };

/**
 * Keyset pagination (created_at, id) rather than OFFSET or one open cursor: each chunk is one short
 * indexed query on a pooled connection, none held while a slow client reads. Not a snapshot: an address
 * signed up during the download is not in the file (newer than the keyset), nor one removed meanwhile.
 */
@QueryHandler(ExportSubscribersQuery)
export class ExportSubscribersHandler implements IQueryHandler<ExportSubscribersQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ status }: ExportSubscribersQuery): Promise<Readable> {
    // Read before answering, so that an unreachable database is an error status, not a cut-off file.
    const first = await this.chunk(status);
    return Readable.from(this.lines(status, first), { objectMode: false });
  }

  private async *lines(status: SubscriberStatus | undefined, first: ExportRow[]) {
    yield csvRow(SUBSCRIBER_CSV_HEADER);
    let rows = first;
    while (rows.length > 0) {
      yield rows
        .map((row) => csvRow([row.email, row.status, row.created_at, row.confirmed_at ?? '']))
        .join('');
      const last = rows.at(-1)!;
      rows =
        rows.length < CHUNK_ROWS
          ? []
          : await this.chunk(status, { at: last.cursor_at, id: last.id });
    }
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
              to_char(created_at at time zone 'UTC', ${ISO_UTC}) as created_at,
              to_char(confirmed_at at time zone 'UTC', ${ISO_UTC}) as confirmed_at,
              created_at::text as cursor_at
         from subscriber ${where}
        order by created_at desc, id desc
        limit ${CHUNK_ROWS}`,
      params,
    );
  }
}
