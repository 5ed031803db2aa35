import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FILE_REDIRECT_TTL_SECONDS } from '../../../../contracts/files.js';
import { isUuid } from '../../../../contracts/ids.js';
import { expiredFileLink, fileNotFound, invalidFileLink } from '../../domain/file-errors.js';
import { FileLinkSigner } from '../../domain/file-link-signer.js';
import { type FileDownload, PrivateFiles } from '../../domain/private-files.js';
import { DownloadFileQuery, type PresentedLink } from './download-file.query.js';

@QueryHandler(DownloadFileQuery)
export class DownloadFileHandler implements IQueryHandler<DownloadFileQuery> {
  constructor(
    private readonly files: PrivateFiles,
    private readonly signer: FileLinkSigner,
  ) {}

  async execute({ fileId, by }: DownloadFileQuery): Promise<FileDownload> {
    const file =
      'reader' in by
        ? await this.files.findReadable(fileId, by.reader)
        : await this.files.find(await this.checkLink(fileId, by.link));
    return this.files.open(file, FILE_REDIRECT_TTL_SECONDS);
  }

  /**
   * The file id of a valid link. Not a UUID is no file, as on every route; nor is a bare id without a
   * link's query (whether or not it names a file: the database is not asked). A link's signature is
   * checked before the database is asked, so a forged link learns nothing either.
   */
  private async checkLink(fileId: string, link: PresentedLink): Promise<string> {
    if (!isUuid(fileId) || (link.expires === undefined && link.signature === undefined)) {
      throw fileNotFound();
    }
    const check = await this.signer.check(fileId, link.expires, link.signature);
    if (check === 'invalid') throw invalidFileLink();
    if (check === 'expired') throw expiredFileLink();
    return fileId;
  }
}
