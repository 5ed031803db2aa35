import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MediaModule } from '../media/index.js';
import { StorePrivateFileHandler } from './commands/store-private-file/store-private-file.handler.js';
import { FileLinkSigner } from './domain/file-link-signer.js';
import { StoredFile } from './domain/stored-file.entity.js';
import { FileDelivery } from './http/file-delivery.js';
import { FilesHttpController } from './http/files.http.controller.js';

/**
 * Private files (order attachments, deliverables) in the media store's private area: other modules
 * store them with StorePrivateFileCommand; their owner and the admins download them through
 * GET /api/files/{id} (streamed, or a redirect to a presigned URL of the store), or by a short-lived
 * signed link.
 */
@Module({
  imports: [MikroOrmModule.forFeature([StoredFile]), MediaModule],
  controllers: [FilesHttpController],
  providers: [StorePrivateFileHandler, FileLinkSigner, FileDelivery],
})
export class FilesModule {}
