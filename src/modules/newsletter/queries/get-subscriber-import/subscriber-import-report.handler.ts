import { Readable } from 'node:stream';
import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CSV_CHUNK_ROWS, csvRow } from '../../../../platform/http/csv-export.js';
import { SubscriberImportReportQuery } from './subscriber-import-report.query.js';

interface ReportRow {
  line: number;
  cells: string[];
  outcome: string;
  reason: string | null;
}

/**
 * Every processed line whose outcome is not `created` (invalid, duplicate, existing, skipped), in line
 * order, read CSV_CHUNK_ROWS at a time by line (memory stays flat however long the file): line, the
 * e-mail cell as it was in the file, the outcome and the reason.
 */
@QueryHandler(SubscriberImportReportQuery)
export class SubscriberImportReportHandler implements IQueryHandler<SubscriberImportReportQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ importId }: SubscriberImportReportQuery): Promise<Readable | null> {
    const connection = this.em.fork().getConnection();
    const [found] = await connection.execute<{ email_column: number | null }[]>(
      `select email_column from newsletter_import where id = ?`,
      [importId],
    );
    if (!found) return null;
    const column = found.email_column ?? 0;
    const chunk = (after: number) =>
      connection.execute<ReportRow[]>(
        `select line, cells, outcome, reason from newsletter_import_row
          where import_id = ? and line > ? and outcome is not null and outcome <> 'created'
          order by line limit ?`,
        [importId, after, CSV_CHUNK_ROWS],
      );
    const first = await chunk(0);
    async function* lines() {
      yield csvRow(['line', 'email', 'outcome', 'reason']);
      let rows = first;
      while (rows.length > 0) {
        yield rows
          .map((row) =>
            csvRow([String(row.line), row.cells[column] ?? '', row.outcome, row.reason ?? '']),
          )
          .join('');
        if (rows.length < CSV_CHUNK_ROWS) return;
        rows = await chunk(rows[rows.length - 1]!.line);
      }
    }
    return Readable.from(lines());
  }
}
