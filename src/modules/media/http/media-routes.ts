/** POST: the upload route, the only route that reads a multipart body. */
export const MEDIA_UPLOAD_PATH = '/api/media';

/** Where stored files are served: `/uploads/<name>`. */
export const UPLOADS_PREFIX = '/uploads/';
