import { ORDER_FILES_PATH } from '../../../contracts/files.js';
import { SUBSCRIBER_IMPORTS_PATH } from '../../../contracts/subscriber-import.js';

/** POST: the content editors' image upload route. */
export const MEDIA_UPLOAD_PATH = '/api/media';

/** The only routes (POST, as Fastify names them) that read a multipart body: the uploads. */
export const MULTIPART_PATHS: ReadonlySet<string> = new Set([
  MEDIA_UPLOAD_PATH,
  ORDER_FILES_PATH,
  SUBSCRIBER_IMPORTS_PATH,
]);

/** Where stored files are served: `/uploads/<name>`. */
export const UPLOADS_PREFIX = '/uploads/';
