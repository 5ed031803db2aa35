import type { Redis } from 'ioredis';
import {
  LIVE_EVENT_HISTORY,
  LIVE_EVENT_REPLAY,
  type LiveEvent,
} from '../../../contracts/live-events.js';

/** The Redis keys of the live feed, under the instance's prefix (the queues' QUEUE_PREFIX). */
export interface LiveFeedKeys {
  /** The last LIVE_EVENT_HISTORY events: a stream, whose ids are the SSE ids. */
  history: string;
  /** Every API process's subscriber hears each new event here, with its stream id. */
  channel: string;
  /** `<marker prefix><domain event id>` exists once the event has been announced. */
  announcedPrefix: string;
}

export function liveFeedKeys(prefix: string): LiveFeedKeys {
  return {
    history: `${prefix}:live-feed:history`,
    channel: `${prefix}:live-feed`,
    announcedPrefix: `${prefix}:live-feed:announced:`,
  };
}

/** An event as the stream holds it: its stream id (`<ms>-<seq>`) and the event. */
export interface LiveFeedEntry {
  id: string;
  event: LiveEvent;
}

/** How long the "already announced" marker of a domain event is kept. */
const ANNOUNCED_TTL_SECONDS = 24 * 3600;

/**
 * Records the event in the history and publishes it, in one step, unless its domain event was announced
 * already (a second delivery of the same event notifies nobody). The message is `<stream id> <json>`.
 */
const ANNOUNCE_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return false end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[4])
redis.call('PUBLISH', ARGV[3], id .. ' ' .. ARGV[4])
return id`;

/** The script as a command of the client: sent by its SHA (EVALSHA) after the first time, not whole. */
const ANNOUNCE_COMMAND = 'announceLiveEvent';

type AnnouncingRedis = Redis & {
  [ANNOUNCE_COMMAND](...keysAndArgs: (string | number)[]): Promise<unknown>;
};

function announcing(redis: Redis): AnnouncingRedis {
  if (!(ANNOUNCE_COMMAND in redis)) {
    redis.defineCommand(ANNOUNCE_COMMAND, { numberOfKeys: 2, lua: ANNOUNCE_SCRIPT });
  }
  return redis as AnnouncingRedis;
}

/** Announces a live event; returns its stream id, or null when it had been announced before. */
export async function announceLiveEvent(
  redis: Redis,
  keys: LiveFeedKeys,
  event: LiveEvent,
): Promise<string | null> {
  const id = await announcing(redis)[ANNOUNCE_COMMAND](
    `${keys.announcedPrefix}${event.eventId}`,
    keys.history,
    ANNOUNCED_TTL_SECONDS,
    LIVE_EVENT_HISTORY,
    keys.channel,
    JSON.stringify(event),
  );
  return typeof id === 'string' ? id : null;
}

/** A message of the channel, or undefined when it is not one of ours. */
export function parseLiveFeedMessage(message: string): LiveFeedEntry | undefined {
  const space = message.indexOf(' ');
  const id = message.slice(0, space);
  if (space === -1 || !isStreamId(id)) return undefined;
  const event = parseEvent(message.slice(space + 1));
  return event ? { id, event } : undefined;
}

/** What a connection needs to catch up: the events after its position, and the newest id now. */
export interface LiveFeedCatchUp {
  /**
   * Recorded after the position given (exclusive), oldest first; none without a position. At most the
   * newest LIVE_EVENT_REPLAY: a client far behind (`0-0`) is not sent the whole history again.
   */
  missed: LiveFeedEntry[];
  /** The newest recorded event's id, or `0-0` (before any) when there is none. */
  latest: string;
}

/** Reads both in one transaction, so that no event falls between them. */
export async function catchUp(
  redis: Redis,
  keys: LiveFeedKeys,
  afterId: string | undefined,
): Promise<LiveFeedCatchUp> {
  const transaction = redis.multi().xrevrange(keys.history, '+', '-', 'COUNT', 1);
  if (afterId !== undefined) {
    transaction.xrevrange(keys.history, '+', `(${afterId}`, 'COUNT', LIVE_EVENT_REPLAY);
  }
  const replies = ((await transaction.exec()) ?? []).map(([error, reply]) => {
    if (error) throw error;
    return reply as StreamRow[];
  });
  const [newest = [], rows = []] = replies;
  return {
    latest: newest[0]?.[0] ?? '0-0',
    missed: rows.toReversed().flatMap(([id, fields]) => {
      const at = fields.indexOf('event');
      const json = at === -1 ? undefined : fields[at + 1];
      const event = json === undefined ? undefined : parseEvent(json);
      return event ? [{ id, event }] : [];
    }),
  };
}

type StreamRow = [id: string, fields: string[]];

function parseEvent(json: string): LiveEvent | undefined {
  try {
    return JSON.parse(json) as LiveEvent;
  } catch {
    return undefined;
  }
}

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;
const MAX_PART = 2n ** 64n - 1n;

/** Whether `value` is a stream id Redis accepts: two unsigned 64-bit numbers, `<ms>-<seq>`. */
export function isStreamId(value: string): boolean {
  return STREAM_ID.test(value) && value.split('-').every((part) => BigInt(part) <= MAX_PART);
}

/** Orders two stream ids (`<ms>-<seq>`) as Redis does. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  if (aSeq !== bSeq) return aSeq < bSeq ? -1 : 1;
  return 0;
}
