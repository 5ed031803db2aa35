import { Inject, Injectable, Logger } from '@nestjs/common';
import { MEDIA_STORE, type MediaStore } from '../../media/index.js';
import { type InvoiceLogo, logoType } from './invoice-pdf.js';

/** An uploaded image's address: `/uploads/<stored name>` (a public key of the media store). */
const UPLOADED = /^\/uploads\/([\w-][\w.-]*)$/;
/** A logo larger than this is not printed (an invoice is not the place for a poster). */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The seller's logo for an invoice's PDF, from the media store: only an uploaded image the store has,
 * and only a PNG or JPEG by its bytes (an SVG, an outside URL, a missing or unreadable file: none, and
 * the invoice is printed without it, never refused).
 */
@Injectable()
export class InvoiceLogos {
  private readonly logger = new Logger(InvoiceLogos.name);

  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  async load(url: string | null | undefined): Promise<InvoiceLogo | null> {
    const key = url ? UPLOADED.exec(url)?.[1] : undefined;
    if (!key || key.includes('..')) return null;
    try {
      const object = await this.store.get('public', key);
      if (!object || object.size > MAX_LOGO_BYTES) {
        object?.body.destroy();
        return null;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of object.body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += buffer.length;
        if (size > MAX_LOGO_BYTES) {
          object.body.destroy();
          return null;
        }
        chunks.push(buffer);
      }
      const bytes = new Uint8Array(Buffer.concat(chunks));
      const type = logoType(bytes);
      return type ? { bytes, type } : null;
    } catch (error) {
      this.logger.warn(`The invoice logo ${url} could not be read: ${String(error)}`);
      return null;
    }
  }
}
