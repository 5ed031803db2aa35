import { Query } from '@nestjs/cqrs';
import type { FileLink } from '../../../../contracts/files.js';
import type { FileReader } from '../../domain/private-files.js';

/**
 * A short-lived link to a private file that needs no session, for its owner or an admin: a presigned
 * URL of the store (S3), else a link to this API signed by the server. Nothing is stored. 404 for
 * anyone else.
 */
export class GetFileLinkQuery extends Query<FileLink> {
  constructor(
    readonly fileId: string,
    readonly reader: FileReader,
  ) {
    super();
  }
}
