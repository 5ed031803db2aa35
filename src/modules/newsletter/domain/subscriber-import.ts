import type { EntityManager } from '@mikro-orm/postgresql';
import {
  guessImportMapping,
  SUBSCRIBER_IMPORT_PREVIEW_ROWS,
  type SubscriberImport,
  type SubscriberImportStatus,
} from '../../../contracts/subscriber-import.js';

/** A newsletter_import row as read for the admin. */
interface ImportRecord {
  id: string;
  filename: string;
  status: SubscriberImportStatus;
  created_at: Date;
  created_by_email: string;
  headers: string[];
  total_rows: number;
  email_column: number | null;
  name_column: number | null;
  status_column: number | null;
  consent: boolean;
  processed_rows: number;
  created_count: number;
  existing_count: number;
  duplicate_count: number;
  invalid_count: number;
  skipped_count: number;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
}

/** The import as the admin reads it (its preview rows included), or null. */
export async function readSubscriberImport(
  em: EntityManager,
  id: string,
): Promise<SubscriberImport | null> {
  const connection = em.getConnection();
  const [row] = await connection.execute<ImportRecord[]>(
    `select * from newsletter_import where id = ?`,
    [id],
    'all',
    em.getTransactionContext(),
  );
  if (!row) return null;
  const preview = await connection.execute<{ cells: string[] }[]>(
    `select cells from newsletter_import_row where import_id = ? order by line limit ?`,
    [id, SUBSCRIBER_IMPORT_PREVIEW_ROWS],
    'all',
    em.getTransactionContext(),
  );
  const chosen = row.status !== 'uploaded';
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by_email,
    headers: row.headers,
    preview: preview.map((entry) => entry.cells),
    mapping: chosen
      ? { email: row.email_column, name: row.name_column, status: row.status_column }
      : guessImportMapping(row.headers),
    consent: row.consent,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    counts: {
      created: row.created_count,
      existing: row.existing_count,
      duplicate: row.duplicate_count,
      invalid: row.invalid_count,
      skipped: row.skipped_count,
    },
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    error: row.error,
  };
}
