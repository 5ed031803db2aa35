import { BadRequestException, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_EVENTS_PATH } from '../../../contracts/live-events.js';
import { RequestAuthorizer } from '../../../platform/auth/request-authorizer.js';
import { retryAfterSeconds, toErrorBody } from '../../../platform/http/error-body.filter.js';
import { LiveFeedHub } from './live-feed-hub.js';
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

/** The browser's `Last-Event-ID` header, or the `lastEventId` query parameter for clients that cannot set it. */
function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown>).lastEventId;
  const value = header || query;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isStreamId(value))
    throw new BadRequestException(BAD_LAST_EVENT_ID);
  return value;
}

/**
 * The API's error body for a refusal. Nest's exception filter does not see errors of Fastify routes
 * (their answer would lack Retry-After and no-store), so this route writes its own, as the filter does.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const body = toErrorBody(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'Live feed: request failed');
  const retryAfter = retryAfterSeconds(error);
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  return reply.code(body.statusCode).header('cache-control', 'no-store').send(body);
}

/**
 * GET /api/admin/events, the admin live feed as server-sent events: a Fastify route, so the answer is
 * the stream itself with the headers it needs, or the API's error body (401, 403, 400, 429).
 * Documented by live-events.openapi.ts.
 */
@Injectable()
export class LiveEventsRoute implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly authorizer: RequestAuthorizer,
    private readonly hub: LiveFeedHub,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    // No HEAD twin: a HEAD request must not open a stream.
    fastify.get(LIVE_EVENTS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
      try {
        const auth = await this.authorizer.authorize(request, 'admin');
        if (!auth) throw new Error('an admin route was authorized without a session');
        const stream = this.hub.open(lastEventIdOf(request), auth.sessionId);
        return await reply.code(200).headers(EVENT_STREAM_HEADERS).send(stream);
      } catch (error) {
        return refuse(request, reply, error);
      }
    });
  }
}
