import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Media } from '../../../../contracts/content/index.js';
import { IMAGE_TYPES } from '../../domain/image-types.js';
import { mediaName, nameableSize } from '../../domain/media-name.js';
import { rasterSize, sniffImage } from '../../domain/sniff-image.js';
import { sanitizeSvg, svgSize } from '../../domain/svg.js';
import { MEDIA_STORE, type MediaStore } from '../../storage/media-store.js';
import { UploadMediaCommand } from './upload-media.command.js';

/**
 * Keeps an uploaded image: its type from its bytes (else 415), an SVG sanitised first, its size read,
 * and stored under its content-hash name unless that file is already there.
 */
@CommandHandler(UploadMediaCommand)
export class UploadMediaHandler implements ICommandHandler<UploadMediaCommand> {
  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  async execute({ bytes }: UploadMediaCommand): Promise<Media> {
    const image = await sniffImage(bytes);
    let stored: Uint8Array;
    let size: { width: number; height: number } | undefined;
    if (image.kind === 'svg') {
      stored = new TextEncoder().encode(await sanitizeSvg(image.root));
      size = svgSize(image.root);
    } else {
      stored = bytes;
      size = rasterSize(bytes);
    }
    const { ext, contentType } = IMAGE_TYPES[image.kind];
    const name = mediaName(stored, ext, size);
    if (!(await this.store.exists('public', name))) {
      await this.store.put('public', name, stored, contentType);
    }
    const known = nameableSize(size);
    return {
      url: `/uploads/${name}`,
      contentType,
      size: stored.byteLength,
      width: known?.width ?? null,
      height: known?.height ?? null,
    };
  }
}
