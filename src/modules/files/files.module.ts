import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MediaModule } from '../media/index.js';
import { UploadOrderFileHttpController } from './commands/upload-order-file/upload-order-file.http.controller.js';
import { StorePrivateFileHandler } from './commands/store-private-file/store-private-file.handler.js';
import { FileLinkSigner } from './domain/file-link-signer.js';
import { PrivateFiles } from './domain/private-files.js';
import { StoredFile } from './domain/stored-file.entity.js';
import { DownloadFileHandler } from './queries/download-file/download-file.handler.js';
import { DownloadFileHttpController } from './queries/download-file/download-file.http.controller.js';
import { GetFileLinkHandler } from './queries/get-file-link/get-file-link.handler.js';
import { GetFileLinkHttpController } from './queries/get-file-link/get-file-link.http.controller.js';

/**
 * Private files (order attachments, deliverables) in the media store's private area: the order's
 * customer and the admins upload them through POST /api/orders/{id}/files, other modules store them
 * with StorePrivateFileCommand; their owner and the admins download them through
 * GET /api/files/{id} (streamed, or a redirect to a presigned URL of the store), or by a short-lived
 * signed link (POST /api/files/{id}/link).
 */
@Module({
  imports: [MikroOrmModule.forFeature([StoredFile]), MediaModule],
  controllers: [
    DownloadFileHttpController,
    GetFileLinkHttpController,
    UploadOrderFileHttpController,
  ],
  providers: [
    PrivateFiles,
    FileLinkSigner,
    StorePrivateFileHandler,
    DownloadFileHandler,
    GetFileLinkHandler,
  ],
})
export class FilesModule {}
