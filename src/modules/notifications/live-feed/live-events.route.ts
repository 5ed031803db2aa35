import { BadRequestException, Injectable } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  LIVE_EVENT_HISTORY,
  LIVE_EVENT_REPLAY,
  LIVE_EVENT_TYPES,
  LIVE_EVENTS_PATH,
  LIVE_HEARTBEAT_SECONDS,
  liveEventSchema,
} from '../../../contracts/live-events.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { LiveFeedHub, RECONNECT_AFTER_MS } from './live-feed-hub.js';
import { isStreamId } from './live-feed-store.js';

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: no proxy may compress or otherwise hold the stream back.
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

export const BAD_LAST_EVENT_ID =
  'Last-Event-ID must be an id this stream sent, e.g. 1700000000000-0';

const STREAM_ID_SCHEMA = { type: 'string', pattern: '^\\d{1,20}-\\d{1,20}$' } as const;

/** `lastEventId`, for clients that cannot set the header (the header wins); empty is none. */
const liveEventsQuerySchema = z.object({
  lastEventId: z
    .string({ error: BAD_LAST_EVENT_ID })
    .refine((value) => value === '' || isStreamId(value), { error: BAD_LAST_EVENT_ID })
    .optional()
    .meta({
      description:
        'The id of the last event received, for clients that cannot set the header (the header wins)',
    }),
});

/** The browser's `Last-Event-ID` header, or the query's `lastEventId`. */
function lastEventIdOf(request: FastifyRequest, query: string | undefined): string | undefined {
  const value = request.headers['last-event-id'] || query;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isStreamId(value))
    throw new BadRequestException(BAD_LAST_EVENT_ID);
  return value;
}

const EXAMPLE = [
  `retry: ${RECONNECT_AFTER_MS}`,
  '',
  'id: 1700000000000-0',
  'event: order.placed',
  `data: ${JSON.stringify({
    type: 'order.placed',
    eventId: '0b9f6a52-3c1e-4d5b-9a43-5f0c1f7e2a10',
    occurredAt: '2026-11-23T10:00:00.000Z',
    subjectId: '6f1d2c3b-4a59-4e67-8b9a-0c1d2e3f4a5b',
    text: 'New order: Premium from Jane Doe ($499.00)',
  })}`,
  '',
  ': heartbeat',
  '',
  '',
].join('\n');

/**
 * GET /api/admin/events, the admin live feed as server-sent events: a raw route, so the answer is
 * the stream itself with the headers it needs, or the API's error body (401, 403, 400, 429).
 */
@Injectable()
export class LiveEventsRoute extends RawRouteSet {
  constructor(private readonly hub: LiveFeedHub) {
    super();
  }

  routes() {
    return [
      rawRoute({
        method: 'GET',
        path: LIVE_EVENTS_PATH,
        access: 'admin',
        query: liveEventsQuerySchema,
        // A HEAD request must not open a stream.
        headRoute: false,
        docs: {
          operationId: 'adminLiveEvents',
          tags: ['notifications'],
          summary:
            'The admin live feed as server-sent events: new orders, payments, cancellations, deliveries, ' +
            'messages and confirmed subscribers as they happen, in every API process',
          description:
            `Each event is \`id: <stream id>\`, \`event: <type>\` (one of ${LIVE_EVENT_TYPES.join(', ')}) ` +
            'and `data: <LiveEvent JSON>` (schema in `x-event-data`). A client reconnecting with ' +
            `Last-Event-ID first gets the events it missed (the last ${LIVE_EVENT_HISTORY} are kept; ` +
            `at most the newest ${LIVE_EVENT_REPLAY} of those missed are sent), then the new ones; ` +
            `a \`: heartbeat\` comment comes every ${LIVE_HEARTBEAT_SECONDS} s. ` +
            'A stream without a missed event starts with an `id:` line alone: the current position. ' +
            'A session may hold only a few streams open at once (another tab, say), and each API ' +
            'process a bounded number: beyond, 429 with Retry-After.',
          headers: [
            {
              name: 'Last-Event-ID',
              description:
                'The id of the last event received (browsers send it when they reconnect)',
              schema: STREAM_ID_SCHEMA,
            },
          ],
          responses: {
            200: {
              description:
                'The stream (it ends when the server shuts down or after a few minutes; reconnect)',
              content: {
                'text/event-stream': {
                  schema: { type: 'string' },
                  example: EXAMPLE,
                  // An empty metadata registry inlines the schema instead of referring to it by its id.
                  'x-event-data': z.toJSONSchema(liveEventSchema, {
                    target: 'openapi-3.0',
                    metadata: z.registry(),
                  }) as SchemaObject,
                },
              },
            },
            400: { description: BAD_LAST_EVENT_ID, json: errorBodySchema },
            429: {
              description:
                'This session (LIVE_FEED_MAX_STREAMS_PER_SESSION) or this API process ' +
                '(LIVE_FEED_MAX_STREAMS) has as many streams open as it may; Retry-After says when to retry',
              json: errorBodySchema,
            },
          },
        },
        handler: async (request, reply) => {
          const sessionId = request.auth?.sessionId;
          if (!sessionId) throw new Error('an admin route was served without a session');
          const stream = this.hub.open(
            lastEventIdOf(request, request.query.lastEventId),
            sessionId,
          );
          return await reply.code(200).headers(EVENT_STREAM_HEADERS).send(stream);
        },
      }),
    ];
  }
}
