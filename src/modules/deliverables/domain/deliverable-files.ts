import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DELIVERY_TEXTS,
  fileDownloadPath,
  type DeliveredFile,
} from '../../../contracts/deliverables.js';
import { ValidationFailedException } from '../../../platform/http/validation.js';

interface FileRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}

/** The stored files of these ids, by id (any kind, any order: the caller checks). */
async function fileRows(
  em: EntityManager,
  ids: readonly string[],
  where = '',
  params: unknown[] = [],
): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await em.execute<FileRow[]>(
    `select id, filename, content_type, size from stored_file where id = any(?::uuid[]) ${where}`,
    [`{${ids.join(',')}}`, ...params],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const view = (row: FileRow): DeliveredFile => ({
  id: row.id,
  filename: row.filename,
  contentType: row.content_type,
  size: Number(row.size),
  downloadUrl: fileDownloadPath(row.id),
});

/**
 * The files a round delivers, in the admin's order: each must be a deliverable uploaded to this order
 * (POST /api/orders/{id}/files?kind=deliverable); else a 400 naming it (`fileIds.N`).
 */
export async function deliverableFiles(
  tx: EntityManager,
  orderId: string,
  fileIds: readonly string[],
): Promise<DeliveredFile[]> {
  const ids = fileIds.map((id) => id.toLowerCase());
  const found = await fileRows(tx, ids, `and order_id = ? and kind = 'deliverable'`, [orderId]);
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) {
    throw new ValidationFailedException({ [`fileIds.${missing}`]: DELIVERY_TEXTS.notDeliverable });
  }
  return ids.map((id) => view(found.get(id)!));
}

/** The files of the rounds, as read back (a file since deleted is left out). */
export async function filesById(
  em: EntityManager,
  fileIds: readonly string[],
): Promise<Map<string, DeliveredFile>> {
  const rows = await fileRows(em, [...new Set(fileIds)]);
  return new Map([...rows].map(([id, row]) => [id, view(row)]));
}
