import { Query } from '@nestjs/cqrs';
import type { FileDownload, FileReader } from '../../domain/private-files.js';

/** What a signed link presents (either may be missing or anything at all). */
export interface PresentedLink {
  expires?: string;
  signature?: string;
}

/**
 * A private file for its owner or an admin (`reader`), or for whoever holds a signed link (`link`):
 * a presigned URL of the store or its bytes. 404 for anything else; with a link, 403 forged, 410 expired.
 */
export class DownloadFileQuery extends Query<FileDownload> {
  constructor(
    readonly fileId: string,
    readonly by: { reader: FileReader } | { link: PresentedLink },
  ) {
    super();
  }
}
