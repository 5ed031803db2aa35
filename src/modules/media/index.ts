/** What other modules and the composition root may use of media (lint rule: nothing else). */
export { UploadMediaCommand } from './commands/upload-media/upload-media.command.js';
export { MediaModule } from './media.module.js';
export { checkMediaStore } from './storage/create-media-store.js';
export { copyUploadsToS3 } from './storage/copy-uploads-to-s3.js';
