import { HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  badUpload,
  fileTooLarge,
  MEDIA_MESSAGES,
  unsupportedMediaType,
} from '../../domain/media-errors.js';

/** The field the file comes in. */
export const FILE_FIELD = 'file';

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** What @fastify/multipart's and busboy's errors mean to the uploader. */
function uploadError(error: unknown, maxBytes: number, request: FastifyRequest): HttpException {
  if (error instanceof HttpException) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badUpload(MEDIA_MESSAGES.onlyOneFile);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType(MEDIA_MESSAGES.notMultipart);
    default:
      // Busboy's parse errors (no boundary, a part cut short…) and a client that went away.
      request.log.info({ err: error }, 'Upload refused: unreadable multipart body');
      return badUpload(MEDIA_MESSAGES.malformed);
  }
}

/** An uploaded file: its bytes, and the name the uploader's browser gave it. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads the one file of a multipart/form-data upload into memory, at most `maxBytes` of it (413
 * beyond). The form may hold nothing but a file field named `file`: other fields or a second file are
 * a 400. Only the routes of MULTIPART_PATHS read multipart bodies (see media-http.registrar.ts).
 */
export async function readUploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
): Promise<UploadedFile> {
  if (!request.isMultipart()) throw unsupportedMediaType(MEDIA_MESSAGES.notMultipart);
  if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    // Too large by its own account: answer before reading, and close rather than take in the rest.
    void reply.header('connection', 'close');
    throw fileTooLarge(maxBytes);
  }
  let file: UploadedFile | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 },
      // The `file` field is the file whatever its part headers say; anything else is a (refused) field.
      isPartAFile: (fieldName) => fieldName === FILE_FIELD,
    });
    for await (const part of parts) {
      if (part.type === 'file') file = { bytes: await part.toBuffer(), filename: part.filename };
    }
  } catch (error) {
    throw uploadError(error, maxBytes, request);
  }
  if (!file) throw badUpload(MEDIA_MESSAGES.noFile);
  return file;
}
