import type { PrivateFileKind, StoredFile } from '@contracts/files';
import { apiUploadWithProgress, type UploadOptions } from './api-upload';

/**
 * Uploads one file for an order (POST /api/orders/{id}/files, field `file`): an attachment of a
 * message or an intake answer, an internal note's file or a deliverable (admins). The answer's id is
 * then sent with the message, the answers or the delivery.
 */
export function uploadOrderFile(
  orderId: string,
  file: File,
  options: UploadOptions & { kind?: PrivateFileKind } = {},
): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  const query = options.kind ? `?kind=${options.kind}` : '';
  return apiUploadWithProgress<StoredFile>(
    `/api/orders/${encodeURIComponent(orderId)}/files${query}`,
    form,
    options,
  );
}
