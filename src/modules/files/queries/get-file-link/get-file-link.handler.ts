import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type FileLink, FILE_LINK_TTL_SECONDS } from '../../../../contracts/files.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { FileLinkSigner } from '../../domain/file-link-signer.js';
import { PrivateFiles } from '../../domain/private-files.js';
import { GetFileLinkQuery } from './get-file-link.query.js';

@QueryHandler(GetFileLinkQuery)
export class GetFileLinkHandler implements IQueryHandler<GetFileLinkQuery> {
  constructor(
    private readonly files: PrivateFiles,
    private readonly signer: FileLinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ fileId, reader }: GetFileLinkQuery): Promise<FileLink> {
    const file = await this.files.findReadable(fileId, reader);
    const expiresAt = new Date(Date.now() + FILE_LINK_TTL_SECONDS * 1000);
    const presigned = await this.files.presignedUrl(file, FILE_LINK_TTL_SECONDS);
    if (presigned) return { url: presigned, expiresAt: expiresAt.toISOString() };
    const { expires, signature } = await this.signer.sign(file.id, expiresAt);
    const url = new URL(`/api/files/${file.id}/download`, this.config.PUBLIC_URL);
    url.search = new URLSearchParams({ expires: String(expires), signature }).toString();
    return { url: url.toString(), expiresAt: new Date(expires * 1000).toISOString() };
  }
}
