/** What other modules and the composition root may use of files (lint rule: nothing else). */
export {
  type PrivateFileInput,
  StorePrivateFileCommand,
} from './commands/store-private-file/store-private-file.command.js';
export { DownloadFileQuery } from './queries/download-file/download-file.query.js';
export { GetFileLinkQuery } from './queries/get-file-link/get-file-link.query.js';
export { FilesModule } from './files.module.js';
