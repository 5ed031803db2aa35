import { z } from 'zod';

/**
 * Private files: order attachments and deliverables, kept in the store's private area, never publicly
 * addressable. Each is read only through these routes, by its owner (the customer, by e-mail as orders
 * name them) or an admin; anyone else, an unknown id and a malformed one alike get 404, so an id is
 * never confirmed.
 *
 * Customer: GET  /api/files/{id}       → 200 the bytes (attachment), or 302 to a presigned URL (S3)
 *           POST /api/files/{id}/link  → 201 FileLink: a short-lived URL that needs no session
 * Public:   GET  /api/files/{id}/download?expires=&signature= → 200 the bytes (or 302, S3)
 *                                        | 403 not a valid link | 410 expired
 */

export const PRIVATE_FILE_KINDS = ['order-attachment', 'deliverable'] as const;
export type PrivateFileKind = (typeof PRIVATE_FILE_KINDS)[number];

/**
 * Where a customer (their own orders) or an admin uploads a file for an order: POST, multipart, one
 * field `file`; `?kind=deliverable` is for admins. The file is private to the order's customer and
 * the admins; its id is then sent with a message, an intake answer or a delivery.
 */
export const ORDER_FILES_PATH = '/api/orders/:id/files';

/**
 * What may be attached to an order, recognised by its bytes (text files by their name and their
 * being UTF-8 text): the stored type is ours, never the uploader's. Images are re-encoded without
 * their metadata (a phone photo's place and time).
 */
export const ORDER_FILE_TYPES = {
  'application/pdf': 'PDF',
  'text/csv': 'CSV',
  'text/plain': 'text',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (.xlsx)',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint (.pptx)',
  'application/zip': 'ZIP',
} as const;
export type OrderFileType = keyof typeof ORDER_FILE_TYPES;

export const orderFileQuerySchema = z.object({
  kind: z
    .enum(PRIVATE_FILE_KINDS, { error: 'kind must be order-attachment or deliverable' })
    .default('order-attachment')
    .meta({ description: '`deliverable`: a file the agency delivers (admins only)' }),
});
export type OrderFileQuery = z.infer<typeof orderFileQuerySchema>;

/** The largest private file (held in memory while stored). */
export const PRIVATE_FILE_MAX_BYTES = 25 * 1024 * 1024;
/** The longest stored file name, in characters. */
export const MAX_FILE_NAME_LENGTH = 200;

/** How long a link from POST /api/files/{id}/link works. */
export const FILE_LINK_TTL_SECONDS = 300;
/** How long the presigned URL that GET /api/files/{id} redirects to works (S3): just long enough to follow it. */
export const FILE_REDIRECT_TTL_SECONDS = 60;

export const FILE_TEXTS = {
  notFound: 'No such file.',
  invalidLink: 'This download link is not valid. Ask for a new one.',
  expiredLink: 'This download link has expired. Ask for a new one.',
  emptyFile: 'The file is empty.',
  tooLarge: (maxBytes: number) =>
    `The file is too large: files can be at most ${Math.floor(maxBytes / (1024 * 1024))} MiB.`,
  badName: 'The file name is missing or has no usable character.',
  longName: `The file name can be at most ${MAX_FILE_NAME_LENGTH} characters.`,
  badContentType: 'Not a media type (type/subtype).',
  badKind: `Must be one of ${PRIVATE_FILE_KINDS.join(', ')}.`,
  badOwner: 'Not an e-mail address.',
  unsupportedType: `Files can be ${Object.values(ORDER_FILE_TYPES).join(', ')}.`,
  deliverableForAdmins: 'Only the agency delivers files.',
} as const;

/** A stored private file as its owner and the admins see it. */
export const storedFileSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(PRIVATE_FILE_KINDS),
    orderId: z.uuid().nullable(),
    /** The name it is downloaded under. */
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof storedFileSchema>;

/** A download link that needs no session, until `expiresAt`. */
export const fileLinkSchema = z
  .object({
    url: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'FileLink' });
export type FileLink = z.infer<typeof fileLinkSchema>;

/** The query of a signed download link. Checked by the route itself: a bad one is a 403, not a 400. */
export const fileDownloadQuerySchema = z.object({
  expires: z.string().optional().meta({ description: 'When the link expires (Unix seconds)' }),
  signature: z.string().optional().meta({ description: 'The server’s signature of the link' }),
});
export type FileDownloadQuery = z.infer<typeof fileDownloadQuerySchema>;
