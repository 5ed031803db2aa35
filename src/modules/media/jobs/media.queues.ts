import { defineQueue } from '../../../platform/queue/queue-names.js';

/**
 * One job per uploaded raster image, written to the outbox with its `media` row: the worker makes the
 * image's responsive variants (never in the upload request).
 */
export const MEDIA_QUEUE = defineQueue({ name: 'media' });
export const MAKE_VARIANTS_JOB = 'make-variants';

export interface MakeVariantsJob {
  /** The stored name of the image (the `media` row's key). */
  name: string;
}
