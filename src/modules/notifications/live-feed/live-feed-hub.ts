import { PassThrough, type Readable } from 'node:stream';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnModuleInit,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import { LIVE_HEARTBEAT_SECONDS } from '../../../contracts/live-events.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { TooManyRequestsException } from '../../../platform/http/too-many-requests.exception.js';
import { AppRedis } from '../../../platform/redis/app-redis.js';
import {
  catchUp,
  compareStreamIds,
  type LiveFeedEntry,
  type LiveFeedKeys,
  liveFeedKeys,
  parseLiveFeedMessage,
} from './live-feed-store.js';
import { type StreamRefusal, StreamSlots } from './stream-slots.js';

/** How long a browser waits before it reconnects (the `retry:` field). */
export const RECONNECT_AFTER_MS = 3000;
/**
 * A stream ends after this long and the browser reconnects at once with Last-Event-ID, missing nothing:
 * the session is checked again then, so a signed-out or demoted admin stops hearing within this time.
 */
const STREAM_LIFETIME_MS = 5 * 60_000;
/** A client that reads nothing while this much waits for it is dropped (it reconnects and catches up). */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** When a refused client may try again (the SPA tries again after 30 s anyway). */
const REFUSED_RETRY_AFTER_SECONDS = 30;

const REFUSALS: Record<StreamRefusal, (slots: StreamSlots) => string> = {
  session: (slots) =>
    `Too many live feed streams are open for this session (at most ${slots.maxPerSession}): ` +
    'close another tab of the admin area, or try again later.',
  process: (slots) =>
    `This server has as many live feed streams open as it takes (${slots.maxInAll}): ` +
    'please try again later.',
};

/** One admin's open stream and where it stands in the feed. */
class LiveFeedConnection {
  readonly stream = new PassThrough();
  /** The id of the last event sent (or of the feed's position when it started): `Last-Event-ID`. */
  position: string | undefined;
  /** Until it has caught up, events heard on the channel wait here. */
  waiting: LiveFeedEntry[] | undefined = [];
  /** Each catch-up bumps it; an overtaken one sends nothing. */
  catchUps = 0;
  lifetime: NodeJS.Timeout | undefined;

  constructor(lastEventId: string | undefined) {
    this.position = lastEventId;
    this.stream.on('error', () => undefined);
  }

  get open(): boolean {
    return !this.stream.writableEnded && !this.stream.destroyed;
  }

  write(chunk: string): void {
    if (!this.open) return;
    this.stream.write(chunk);
    if (this.stream.writableLength > MAX_UNREAD_BYTES) this.stream.destroy();
  }

  send(entry: LiveFeedEntry): void {
    this.write(
      `id: ${entry.id}\nevent: ${entry.event.type}\ndata: ${JSON.stringify(entry.event)}\n\n`,
    );
    this.position = entry.id;
  }

  /** Whether the entry comes after what this connection has (each event goes out once, in order). */
  isNew(entry: LiveFeedEntry): boolean {
    return this.position === undefined || compareStreamIds(entry.id, this.position) > 0;
  }
}

/**
 * The admin live feed's side in an API process: one Redis subscriber for the whole process, fanning each
 * event out to the streams open here. A stream that starts (or a subscriber that reconnects) first
 * catches up from the history after its last event id, holding back what the channel brings meanwhile,
 * then sends what it held that is newer: no gap and no repeat across the switch. Each stream holds
 * memory until it closes, so a session may hold only a few at once, and the process a bounded number.
 */
@Injectable()
export class LiveFeedHub implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveFeed');
  private readonly keys: LiveFeedKeys;
  private readonly connections = new Set<LiveFeedConnection>();
  private readonly slots: StreamSlots;
  private subscriber: Redis | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly redis: AppRedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.keys = liveFeedKeys(config.QUEUE_PREFIX);
    this.slots = new StreamSlots(
      config.LIVE_FEED_MAX_STREAMS_PER_SESSION,
      config.LIVE_FEED_MAX_STREAMS,
    );
  }

  onModuleInit(): void {
    if (this.config.ROLE === 'worker') return;
    this.subscriber = this.redis.subscriber();
    this.subscriber.on('message', (_channel: string, message: string) => this.hear(message));
    // On every (re)connection: events published while it was away were not heard, catch up on them.
    this.subscriber.on('ready', () => void this.resubscribe());
    this.heartbeat = setInterval(() => this.beat(), LIVE_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
  }

  /** Ends every stream (browsers reconnect to another process) so the server can close at once. */
  beforeApplicationShutdown(): void {
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.stream.end();
    this.subscriber?.disconnect();
  }

  /**
   * Opens a stream for an admin's session; `lastEventId` is the last event the browser has. A 429 when
   * the session, or this process, has as many streams open as it may; a closed stream (ended here, or
   * dropped by its client) frees its place.
   */
  open(lastEventId: string | undefined, sessionId: string): Readable {
    const slot = this.stopped ? undefined : this.slots.take(sessionId);
    if (slot && 'refused' in slot) {
      throw new TooManyRequestsException(
        REFUSALS[slot.refused](this.slots),
        REFUSED_RETRY_AFTER_SECONDS,
      );
    }
    const connection = new LiveFeedConnection(lastEventId);
    connection.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    if (!slot) {
      connection.stream.end();
      return connection.stream;
    }
    this.connections.add(connection);
    connection.lifetime = setTimeout(() => connection.stream.end(), STREAM_LIFETIME_MS);
    connection.stream.on('close', () => {
      clearTimeout(connection.lifetime);
      this.connections.delete(connection);
      slot.release();
    });
    void this.catchUp(connection);
    return connection.stream;
  }

  private async resubscribe(): Promise<void> {
    try {
      await this.subscriber?.subscribe(this.keys.channel);
    } catch (error) {
      this.logger.warn({ err: error }, 'Live feed: cannot subscribe; retrying on reconnection');
      return;
    }
    await Promise.all([...this.connections].map((connection) => this.catchUp(connection)));
  }

  private async catchUp(connection: LiveFeedConnection): Promise<void> {
    const attempt = ++connection.catchUps;
    connection.waiting ??= [];
    try {
      const { missed, latest } = await catchUp(this.redis.client, this.keys, connection.position);
      if (attempt !== connection.catchUps) return;
      for (const entry of missed) connection.send(entry);
      // Nothing missed: the browser's id becomes the feed's current one (a fresh stream has none yet;
      // an id from before a Redis reset would hide every new event).
      if (missed.length === 0 && connection.position !== latest) {
        connection.position = latest;
        connection.write(`id: ${latest}\n\n`);
      }
      for (const entry of connection.waiting) if (connection.isNew(entry)) connection.send(entry);
      connection.waiting = undefined;
    } catch (error) {
      if (attempt !== connection.catchUps) return;
      // Redis is away: the browser reconnects after RECONNECT_AFTER_MS and tries again.
      this.logger.warn({ err: error }, 'Live feed: cannot read the history; the stream ends');
      connection.stream.end();
    }
  }

  private hear(message: string): void {
    const entry = parseLiveFeedMessage(message);
    if (!entry) return;
    for (const connection of this.connections) {
      if (connection.waiting) connection.waiting.push(entry);
      else if (connection.isNew(entry)) connection.send(entry);
    }
  }

  /** A comment line, so that proxies keep idle connections open. */
  private beat(): void {
    for (const connection of this.connections) connection.write(': heartbeat\n\n');
  }
}
