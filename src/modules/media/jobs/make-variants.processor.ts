import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { isLastAttempt, OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import {
  encodeVariant,
  planVariants,
  type StoredVariant,
  storedVariant,
} from '../domain/image-variants.js';
import { MediaVariantsChanged } from '../domain/media-variants-changed.event.js';
import { MEDIA_STORE, type MediaStore } from '../storage/media-store.js';
import { type MakeVariantsJob, MEDIA_QUEUE } from './media.queues.js';

/** Read in full: at most UPLOADS_MAX_BYTES. */
async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Makes the responsive variants of one uploaded image (AVIF and WebP at the widths of planVariants),
 * stores them in the public area under deterministic names, then records them on its `media` row as
 * `ready`. The job's row is claimed for a lease (no transaction is held while images are encoded and
 * stored); a failed attempt is retried with the queue's backoff, and the last one leaves the image
 * `failed` with the reason, which the admins see. Run twice, it makes the same names again (a variant
 * already stored is not made again) and records the same list.
 * Recording the variants bumps the content version (a trigger on `media`): the public pages show
 * them from their next render on, and MediaVariantsChanged drops the content snapshot kept by every process.
 */
@Injectable()
@QueueProcessor(MEDIA_QUEUE.name)
export class MakeVariantsProcessor implements JobProcessor {
  private readonly logger = new Logger(MakeVariantsProcessor.name);

  constructor(
    private readonly ledger: OutboxLedger,
    private readonly em: EntityManager,
    private readonly eventBus: EventBus,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job): Promise<void> {
    const lease = {
      queue: MEDIA_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'The variants of this image are being made by another worker',
    };
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const { name } = payload as unknown as MakeVariantsJob;
      try {
        await this.makeVariants(name);
      } catch (error) {
        if (isLastAttempt(job, error)) await this.failed(name, error);
        throw error;
      }
    });
  }

  private async makeVariants(name: string): Promise<void> {
    const rows = await this.em
      .fork()
      .execute<{ content_type: string; width: number | null; height: number | null }[]>(
        `select content_type, width, height from media where name = ?`,
        [name],
      );
    const row = rows[0];
    if (!row) throw new Error(`No media row for ${name}`);
    if (row.width === null || row.height === null) {
      throw new Error(`The size of ${name} is unknown: no variants can be made`);
    }
    const planned = planVariants(name, row.content_type, row.width, row.height);
    let original: Buffer | undefined;
    const variants: StoredVariant[] = [];
    for (const variant of planned) {
      const contentType = `image/${variant.format}`;
      const existing = await this.store.get('public', variant.key);
      if (existing) {
        // Made by an earlier attempt: its size is read back, not made again.
        existing.body.destroy();
        variants.push(storedVariant(variant, existing.size));
        continue;
      }
      if (!original) {
        const stored = await this.store.get('public', name);
        if (!stored) throw new Error(`The image ${name} is not in the store`);
        original = await readAll(stored.body);
      }
      const bytes = await encodeVariant(original, variant);
      await this.store.put('public', variant.key, bytes, contentType);
      variants.push(storedVariant(variant, bytes.byteLength));
    }
    await this.em.fork().execute(
      `update media set variants = ?::jsonb, variants_status = 'ready', error = null
        where name = ?`,
      [JSON.stringify(variants), name],
    );
    this.eventBus.publish(new MediaVariantsChanged(name));
  }

  private async failed(name: string, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn({ media: name, err: error }, 'The variants of an image could not be made');
    await this.em
      .fork()
      .execute(
        `update media set variants_status = 'failed', error = ? where name = ? and variants_status <> 'ready'`,
        [reason, name],
      );
    this.eventBus.publish(new MediaVariantsChanged(name));
  }
}
