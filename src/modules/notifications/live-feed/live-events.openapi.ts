import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import {
  LIVE_EVENT_HISTORY,
  LIVE_EVENT_REPLAY,
  LIVE_EVENT_TYPES,
  LIVE_EVENTS_PATH,
  LIVE_HEARTBEAT_SECONDS,
  liveEventSchema,
} from '../../../contracts/live-events.js';
import { RECONNECT_AFTER_MS } from './live-feed-hub.js';
import { BAD_LAST_EVENT_ID } from './live-events.route.js';

const STREAM_ID_SCHEMA = { type: 'string', pattern: '^\\d{1,20}-\\d{1,20}$' } as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

// An empty metadata registry inlines the schema instead of referring to it by its meta id.
const liveEventJsonSchema = z.toJSONSchema(liveEventSchema, {
  target: 'openapi-3.0',
  metadata: z.registry(),
}) as SchemaObject;

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

/** The live feed's route (a Fastify route: Nest's scanner does not see it). */
export const liveEventsOpenApiPaths: OpenAPIObject['paths'] = {
  [LIVE_EVENTS_PATH]: {
    get: {
      ...{ 'x-access': 'admin' },
      tags: ['notifications'],
      operationId: 'adminLiveEvents',
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
      security: [{ session: [] }],
      parameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'The id of the last event received (browsers send it when they reconnect)',
          schema: STREAM_ID_SCHEMA,
        },
        {
          name: 'lastEventId',
          in: 'query',
          required: false,
          description: 'The same, for clients that cannot set the header (the header wins)',
          schema: STREAM_ID_SCHEMA,
        },
      ],
      responses: {
        '200': {
          description:
            'The stream (it ends when the server shuts down or after a few minutes; reconnect)',
          content: {
            'text/event-stream': {
              schema: { type: 'string' },
              example: EXAMPLE,
              ...{ 'x-event-data': liveEventJsonSchema },
            },
          },
        },
        '400': errorResponse(BAD_LAST_EVENT_ID),
        '401': errorResponse('Not signed in'),
        '403': errorResponse('Not an admin'),
        '429': errorResponse(
          'This session (LIVE_FEED_MAX_STREAMS_PER_SESSION) or this API process ' +
            '(LIVE_FEED_MAX_STREAMS) has as many streams open as it may; Retry-After says when to retry',
        ),
      },
    },
  },
};
