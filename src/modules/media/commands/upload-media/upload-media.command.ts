import { Command } from '@nestjs/cqrs';
import type { Media } from '../../../../contracts/content/index.js';

/** Resolves with the stored image. */
export class UploadMediaCommand extends Command<Media> {
  constructor(readonly bytes: Uint8Array) {
    super();
  }
}
