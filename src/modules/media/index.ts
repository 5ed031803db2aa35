/** What other modules and the composition root may use of media (lint rule: nothing else). */
export { UploadMediaCommand } from './commands/upload-media/upload-media.command.js';
export { GetMediaManifestQuery } from './queries/get-media-manifest/get-media-manifest.query.js';
export { MEDIA_QUEUE } from './jobs/media.queues.js';
export { MediaVariantsChanged } from './domain/media-variants-changed.event.js';
export { MediaModule } from './media.module.js';
export { checkMediaStore } from './storage/create-media-store.js';
export { copyUploadsToS3 } from './storage/copy-uploads-to-s3.js';
export { reprocessUploads } from './commands/reprocess-uploads/reprocess-uploads.cli.js';
export { MEDIA_STORE, type MediaStore } from './storage/media-store.js';
export { readUploadedFile, type UploadedFile } from './commands/upload-media/read-uploaded-file.js';
export { cleanImage } from './domain/clean-image.js';
