import { createHash } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { EventsHandler, type IEventHandler, QueryBus } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import {
  type ContentSnapshot,
  type Entry,
  findSection,
  SECTION_KEYS,
  toEntryViewData,
} from '../../../../contracts/content/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { AppRedis } from '../../../../platform/redis/app-redis.js';
import { GetMediaManifestQuery, MediaVariantsChanged } from '../../../media/index.js';
import { ContentChanged } from '../../domain/content-changed.event.js';

export interface CachedSnapshot {
  /** The serialised `ContentSnapshot`, sent as is. */
  body: string;
  /** A strong ETag of the body. */
  etag: string;
  /** The content version it was read at (`content_version`, bumped by every content write). */
  version: number;
}

/** A safety net: even if a change notice is missed, the snapshot is at most this old. */
const MAX_AGE_MS = 60_000;

/**
 * The public content snapshot (`GET /api/content`), serialised once and kept in memory. A content write
 * drops it here (ContentChanged on the event bus) and, through Redis pub/sub, in every other API process;
 * so do new variants of an image it lists (MediaVariantsChanged, from the worker).
 */
@Injectable()
@EventsHandler(ContentChanged, MediaVariantsChanged)
export class ContentCache
  implements
    IEventHandler<ContentChanged | MediaVariantsChanged>,
    OnModuleInit,
    OnApplicationShutdown
{
  private readonly logger = new Logger('ContentCache');
  private snapshot?: Promise<CachedSnapshot>;
  private builtAt = 0;
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    private readonly em: EntityManager,
    private readonly queryBus: QueryBus,
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.channel = `${config.QUEUE_PREFIX}:content-changed`;
  }

  onModuleInit(): void {
    if (this.config.ROLE === 'worker') return;
    this.subscriber = this.redis.subscriber();
    this.subscriber.on('message', () => this.invalidate());
    // After a reconnect a notice may have been missed: start afresh.
    this.subscriber.on('ready', () => this.invalidate());
    void this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  /**
   * The current snapshot; built on first use after a change, one build at a time. With
   * `atLeastVersion` (a version read after the caller's request arrived), a snapshot read at an older
   * version is built again, even before this process heard of the change.
   */
  async get(atLeastVersion = 0): Promise<CachedSnapshot> {
    const pending = this.current();
    const snapshot = await pending;
    if (snapshot.version >= atLeastVersion) return snapshot;
    if (this.snapshot === pending) this.snapshot = undefined;
    return this.current();
  }

  private current(): Promise<CachedSnapshot> {
    if (!this.snapshot || Date.now() - this.builtAt > MAX_AGE_MS) {
      const build = this.build();
      this.snapshot = build;
      this.builtAt = Date.now();
      // A failed build is not kept; a change during a build has already dropped it.
      build.catch(() => {
        if (this.snapshot === build) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  handle(): void {
    this.invalidate();
    this.redis.client.publish(this.channel, '1').catch((error: unknown) => {
      this.logger.warn({ err: error }, 'Could not tell other processes about a content change');
    });
  }

  private invalidate(): void {
    this.snapshot = undefined;
  }

  private async build(): Promise<CachedSnapshot> {
    // One statement, so the version and the rows are of the same moment.
    const rows = await this.em.getConnection().execute<
      {
        version: string;
        id: string | null;
        section: string | null;
        data: Record<string, string> | null;
      }[]
    >(
      `select v.version, e.id, e.section, e.data
         from content_version v left join content_entry e on true
        order by e.section, e.created_at, e.id`,
    );
    const sections = Object.fromEntries(SECTION_KEYS.map((key) => [key, [] as Entry[]]));
    for (const row of rows) {
      const section = row.section === null ? undefined : findSection(row.section);
      if (section) sections[section.key]!.push(toEntryViewData(section, row.id!, row.data!));
    }
    // The uploaded images the sections show, with their responsive variants (for `srcset`).
    const media = await this.queryBus.execute(new GetMediaManifestQuery(imageUrls(rows)));
    const snapshot = {
      sections,
      ...(Object.keys(media).length > 0 && { media }),
    } as ContentSnapshot;
    const body = JSON.stringify(snapshot);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, version: Number(rows[0]?.version ?? 0) };
  }
}

/** Every uploaded image's URL among the entries' values (`/uploads/…`). */
function imageUrls(rows: { data: Record<string, string> | null }[]): string[] {
  return rows.flatMap((row) =>
    Object.values(row.data ?? {}).filter(
      (value) => typeof value === 'string' && value.startsWith('/uploads/'),
    ),
  );
}
