import { UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_TEXTS, ORDER_FILE_TYPES, type OrderFileType } from '../../../../contracts/files.js';
import { cleanImage } from '../../../media/index.js';

const TEXT_EXTENSIONS: Record<string, OrderFileType> = { csv: 'text/csv', txt: 'text/plain' };
const IMAGE_KINDS = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;

const isOrderFileType = (mime: string): mime is OrderFileType => mime in ORDER_FILE_TYPES;

/** UTF-8 text with no NUL byte: what a CSV or a .txt file is. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What an order file is, from its bytes (never the uploader's Content-Type): a PDF, an image, an
 * Office document or a ZIP by its signature; CSV and plain text by the name's extension when the bytes
 * are UTF-8 text. Anything else is a 415 naming what is accepted.
 */
export async function orderFileType(bytes: Uint8Array, filename: string): Promise<OrderFileType> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && isOrderFileType(detected.mime)) return detected.mime;
  if (!detected) {
    const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
    const text = TEXT_EXTENSIONS[extension];
    if (text && isText(bytes)) return text;
  }
  throw new UnsupportedMediaTypeException(FILE_TEXTS.unsupportedType);
}

/** The bytes to keep: an image re-encoded without its metadata (EXIF, GPS, XMP), anything else as sent. */
export async function storableBytes(bytes: Uint8Array, type: OrderFileType): Promise<Uint8Array> {
  const kind = IMAGE_KINDS[type as keyof typeof IMAGE_KINDS];
  return kind ? (await cleanImage(bytes, kind)).bytes : bytes;
}
