/** What other modules and the composition root may use of media (lint rule: nothing else). */
export { UploadMediaCommand } from './commands/upload-media/upload-media.command.js';
export { GetMediaManifestQuery } from './queries/get-media-manifest/get-media-manifest.query.js';
export { MEDIA_QUEUE } from './jobs/media.queues.js';
export { MediaVariantsChanged } from './domain/media-variants-changed.event.js';
export { MediaModule } from './media.module.js';
export { checkMediaStore } from './storage/create-media-store.js';
/** The command-line tasks (`--copy-uploads-to-s3`, `--reprocess-uploads`): read only when one runs. */
export const copyUploadsToS3 = async (
  ...args: Parameters<typeof import('./storage/copy-uploads-to-s3.js').copyUploadsToS3>
) => (await import('./storage/copy-uploads-to-s3.js')).copyUploadsToS3(...args);
export const reprocessUploads = async (
  ...args: Parameters<
    typeof import('./commands/reprocess-uploads/reprocess-uploads.cli.js').reprocessUploads
  >
) =>
  (await import('./commands/reprocess-uploads/reprocess-uploads.cli.js')).reprocessUploads(...args);
export { MEDIA_STORE, type MediaStore } from './storage/media-store.js';
export { readUploadedFile, type UploadedFile } from './commands/upload-media/read-uploaded-file.js';
export { cleanImage } from './domain/clean-image.js';
