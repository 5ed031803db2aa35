import type { EntityManager } from '@mikro-orm/postgresql';
import type { Media } from '../../../contracts/content/index.js';
import type { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { MAKE_VARIANTS_JOB, type MakeVariantsJob, MEDIA_QUEUE } from '../jobs/media.queues.js';

/** What recordMedia needs of the outbox: adding a job and committing it with the unit of work. */
export type MediaOutbox = Pick<TransactionalOutbox, 'enqueue' | 'commit'>;

/**
 * Records a stored image in `media`, with the job that has the worker make its responsive variants
 * when the row is new or its variants had failed, in one transaction (of a fork of `em`). Called after
 * the store answered, never with a store call inside. The one path of an upload (UploadMediaHandler)
 * and of `--reprocess-uploads` (reprocess-uploads.ts). Whether a row was written or reset.
 */
export async function recordMedia(
  em: EntityManager,
  outbox: MediaOutbox,
  name: string,
  media: Pick<Media, 'contentType' | 'size' | 'width' | 'height'>,
  needsVariants: boolean,
): Promise<boolean> {
  return em.fork().transactional(async (tx) => {
    const recorded = await tx.execute<{ name: string }[]>(
      `insert into media (name, content_type, byte_size, width, height, variants_status)
       values (?, ?, ?, ?, ?, ?)
       on conflict (name) do update set variants_status = 'pending', error = null
         where media.variants_status = 'failed'
       returning name`,
      [
        name,
        media.contentType,
        media.size,
        media.width,
        media.height,
        needsVariants ? 'pending' : 'ready',
      ],
    );
    if (recorded.length === 0) return false;
    if (!needsVariants) return true;
    const job: MakeVariantsJob = { name };
    outbox.enqueue(tx, MEDIA_QUEUE.name, MAKE_VARIANTS_JOB, { ...job });
    await outbox.commit(tx, []);
    return true;
  });
}
