import { MikroORM } from '@mikro-orm/postgresql';
import type { EventBus } from '@nestjs/cqrs';
import { ormOptions } from '../../../../platform/database/orm-options.js';
import { OutboxEvent } from '../../../../platform/outbox/outbox-event.entity.js';
import type { OutboxRelay } from '../../../../platform/outbox/outbox-relay.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { assertDecodable, cleanImage } from '../../domain/clean-image.js';
import { IMAGE_TYPES } from '../../domain/image-types.js';
import { STORED_NAME } from '../../domain/media-name.js';
import { rasterSize, sniffImage } from '../../domain/sniff-image.js';
import { createMediaStore } from '../../storage/create-media-store.js';
import type { MediaStore } from '../../storage/media-store.js';
import { recordMedia } from '../record-media.js';

export interface ReprocessReport {
  /** Cleaned, written back under their key, and recorded with their variants job. */
  reprocessed: number;
  /** Already recorded in `media` (uploaded through the pipeline, or reprocessed before). */
  recorded: number;
  /** Not images the pipeline takes: too many pixels, damaged, animated PNG, not what the name says. */
  refused: number;
}

/** The stored originals the pipeline re-encodes, by extension (SVG is sanitised, AVIF only a variant). */
const RASTER_EXTENSIONS = new Set(['jpg', 'png', 'webp']);

/** Read in full: at most UPLOADS_MAX_BYTES. */
async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * An outbox outside Nest: this process has no event bus and no relay; the relays of the running API
 * and worker processes publish its rows at their next poll (OUTBOX_POLL_INTERVAL_MS).
 */
function detachedOutbox(): TransactionalOutbox {
  const eventBus = { publishAll: () => undefined } as unknown as EventBus;
  const relay = { kick: () => undefined } as unknown as OutboxRelay;
  return new TransactionalOutbox(eventBus, relay);
}

/**
 * `--reprocess-uploads`: brings the images stored before the image pipeline into it. Each public JPEG,
 * PNG or WebP original of the store that has no `media` row is re-encoded as an upload is (cleanImage:
 * no EXIF, GPS or XMP, turned upright), written back under the SAME key (the URLs in the content stay
 * valid, though the name's hash is no longer that of the bytes), then recorded with its variants job
 * exactly as an upload is (recordMedia), after the store answered. SVGs and variants are left alone; an
 * image the pipeline refuses (a decompression bomb, a damaged file) is left as it is, with its reason.
 * Idempotent and resumable: an image with a row is skipped, so a run that stopped is simply run again
 * (one that stopped between the write and the row re-encodes that image once more). A line per file.
 */
export async function reprocessUploads(
  config: Parameters<typeof createMediaStore>[0],
  databaseUrl: string,
  progress: (line: string) => void,
): Promise<ReprocessReport> {
  const store = await createMediaStore(config);
  const orm = await MikroORM.init({ ...ormOptions(databaseUrl), entities: [OutboxEvent] });
  try {
    return await reprocessAll(store, orm, detachedOutbox(), progress);
  } finally {
    await orm.close();
    store.close();
  }
}

async function reprocessAll(
  store: MediaStore,
  orm: MikroORM,
  outbox: TransactionalOutbox,
  progress: (line: string) => void,
): Promise<ReprocessReport> {
  const report: ReprocessReport = { reprocessed: 0, recorded: 0, refused: 0 };
  let index = 0;
  progress('Reprocessing the stored images that have no media row');
  for await (const key of store.list('public')) {
    const ext = key.slice(key.lastIndexOf('.') + 1);
    if (!STORED_NAME.test(key) || !RASTER_EXTENSIONS.has(ext)) continue;
    const step = `[${++index}] ${key}`;
    // The rows of the image's hash: its own, or the original this WebP is a variant of.
    const rows = await orm.em
      .fork()
      .execute<{ name: string }[]>(`select name from media where left(name, 16) = ?`, [
        key.slice(0, 16),
      ]);
    if (rows.some((row) => row.name === key)) {
      report.recorded += 1;
      progress(`${step}: already recorded`);
      continue;
    }
    if (ext === 'webp' && rows.length > 0) {
      progress(`${step}: a variant of ${rows[0]!.name}, left alone`);
      continue;
    }
    const object = await store.get('public', key);
    if (!object) {
      progress(`${step}: gone from the store meanwhile`);
      continue;
    }
    const original = await readAll(object.body);
    let clean;
    let kind;
    try {
      const image = await sniffImage(original);
      kind = image.kind;
      if (kind === 'svg' || IMAGE_TYPES[kind].ext !== ext) {
        throw new Error(`Its bytes are ${kind === 'svg' ? 'an SVG' : `a ${kind}`}, not a .${ext}`);
      }
      assertDecodable(rasterSize(original));
      clean = await cleanImage(original, kind);
    } catch (error) {
      report.refused += 1;
      progress(`${step}: refused, left as it is: ${(error as Error).message}`);
      continue;
    }
    const { contentType } = IMAGE_TYPES[kind];
    await store.put('public', key, clean.bytes, contentType);
    const media = {
      contentType,
      size: clean.bytes.byteLength,
      width: clean.width,
      height: clean.height,
    };
    await recordMedia(orm.em, outbox, key, media, !clean.animated);
    report.reprocessed += 1;
    progress(
      `${step}: cleaned (${original.byteLength} → ${clean.bytes.byteLength} bytes, ` +
        `${clean.width}x${clean.height})${clean.animated ? ', animated: no variants' : ', variants queued'}`,
    );
  }
  progress(
    `Done: ${report.reprocessed} reprocessed, ${report.recorded} already recorded, ` +
      `${report.refused} refused`,
  );
  return report;
}
