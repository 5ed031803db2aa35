import type { StoredFile as StoredFileView } from '../../../contracts/files.js';
import type { StoredFile } from './stored-file.entity.js';

export function toStoredFileView(file: StoredFile): StoredFileView {
  return {
    id: file.id,
    kind: file.kind,
    orderId: file.orderId ?? null,
    filename: file.filename,
    contentType: file.contentType,
    size: file.size,
    createdAt: file.createdAt.toISOString(),
  };
}
