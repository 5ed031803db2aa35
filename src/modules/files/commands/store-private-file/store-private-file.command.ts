import { Command } from '@nestjs/cqrs';
import type { PrivateFileKind, StoredFile } from '../../../../contracts/files.js';

export interface PrivateFileInput {
  /** The customer it belongs to (who may download it, with the admins). */
  ownerEmail: string;
  /** The order it is attached to, if any. */
  orderId?: string | null;
  kind: PrivateFileKind;
  /** The name its uploader gave; sanitised (see file-name.ts). */
  filename: string;
  /** What the uploader said it is; served as application/octet-stream when it is HTML, SVG… */
  contentType: string;
  bytes: Uint8Array;
  /** The account that stores it; null for the system. */
  createdBy: string | null;
}

/**
 * Stores a private file: the object in the store's private area, then its row. Resolves with the
 * stored file; a 400 names the bad field (size, name, type, kind, owner). Never call it inside a
 * database transaction: it writes to the store.
 */
export class StorePrivateFileCommand extends Command<StoredFile> {
  constructor(readonly input: PrivateFileInput) {
    super();
  }
}
