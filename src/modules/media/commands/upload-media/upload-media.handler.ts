import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Media } from '../../../../contracts/content/index.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { assertDecodable, cleanImage } from '../../domain/clean-image.js';
import { IMAGE_TYPES } from '../../domain/image-types.js';
import { mediaName, nameableSize } from '../../domain/media-name.js';
import { rasterSize, sniffImage } from '../../domain/sniff-image.js';
import { sanitizeSvg, svgSize } from '../../domain/svg.js';
import { MEDIA_STORE, type MediaStore } from '../../storage/media-store.js';
import { recordMedia } from '../record-media.js';
import { UploadMediaCommand } from './upload-media.command.js';

/**
 * Keeps an uploaded image: its type from its bytes (else 415), an SVG sanitised first; a JPEG, PNG or
 * WebP refused (422) when its header declares more pixels than MAX_IMAGE_PIXELS, before decoding, then
 * re-encoded without its metadata, turned as its EXIF orientation says. It is stored under its
 * content-hash name unless that file is already there, then recorded in `media` with the job that has
 * the worker make its responsive variants (an SVG needs none), in one transaction after the store
 * answered: a failed store call leaves no row. An image uploaded again keeps its row; one whose
 * variants failed is tried again.
 */
@CommandHandler(UploadMediaCommand)
export class UploadMediaHandler implements ICommandHandler<UploadMediaCommand> {
  constructor(
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ bytes }: UploadMediaCommand): Promise<Media> {
    const image = await sniffImage(bytes);
    let stored: Uint8Array;
    let size: { width: number; height: number } | undefined;
    let needsVariants = false;
    if (image.kind === 'svg') {
      stored = new TextEncoder().encode(await sanitizeSvg(image.root));
      size = svgSize(image.root);
    } else {
      assertDecodable(rasterSize(bytes));
      const clean = await cleanImage(bytes, image.kind);
      stored = clean.bytes;
      size = { width: clean.width, height: clean.height };
      needsVariants = !clean.animated;
    }
    const { ext, contentType } = IMAGE_TYPES[image.kind];
    const name = mediaName(stored, ext, size);
    if (!(await this.store.exists('public', name))) {
      await this.store.put('public', name, stored, contentType);
    }
    const known = nameableSize(size);
    const media: Media = {
      url: `/uploads/${name}`,
      contentType,
      size: stored.byteLength,
      width: known?.width ?? null,
      height: known?.height ?? null,
    };
    await recordMedia(this.em, this.outbox, name, media, needsVariants && known !== undefined);
    return media;
  }
}
