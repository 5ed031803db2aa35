import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type BounceProvider,
  bouncesPath,
  GENERIC_BOUNCE_SIGNATURE_HEADER,
  POSTMARK_TOKEN_HEADER,
} from '../../../contracts/newsletter-bounces.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { ReceiveBounceCommand } from '../commands/receive-bounce/receive-bounce.command.js';
import {
  genericNotices,
  type ParsedNotices,
  postmarkNotices,
  sesNotices,
} from '../domain/bounce-notices.js';
import { parseSnsMessage } from '../domain/sns-message.js';
import { SnsVerifier } from '../domain/sns-verifier.js';

/** SNS messages are at most 256 KiB; Postmark's and the generic ones are smaller. */
const LIMIT = 300 * 1024;

const postmarkQuerySchema = z.object({ token: z.string().max(512).optional() });

/** Compares secrets in constant time (by their hashes: the lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const raw = (request: FastifyRequest) =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

function refuse(reply: FastifyReply, statusCode: 400 | 401 | 404, message: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found' }[statusCode];
  if (statusCode === 401) void reply.header('www-authenticate', 'Basic realm="bounces"');
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ statusCode, error, message });
}

const RESPONSES = {
  200: 'Recorded (a notice received before changes nothing; other notices are ignored)',
  400: 'Not a notice of this provider (the reason says why)',
  413: 'Larger than any notice',
};

/**
 * Where mail providers report bounces and spam complaints: POST /api/newsletter/bounces/{ses,
 * postmark,generic}. Public (the providers post from their servers, without cookies: exempt from the
 * cross-site check), each authenticated the provider's way: SES's SNS messages by their signature
 * (the certificate fetched from AWS only), Postmark's by basic auth or a token, the generic format by
 * an HMAC of the body. The notices are recorded once each (ReceiveBounce); network calls (the
 * certificate, a subscription's confirmation) happen before, outside any transaction.
 */
@Injectable()
export class BounceWebhookRoutes extends RawRouteSet {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly sns: SnsVerifier,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  routes() {
    return [
      rawRoute({
        method: 'POST',
        path: bouncesPath('ses'),
        access: 'public',
        crossSite: { reason: 'Amazon SNS posts SES notifications from its servers (signed)' },
        body: { mode: 'raw', types: ['text/plain', 'application/json'], limit: LIMIT },
        docs: {
          operationId: 'sesBounces',
          tags: ['newsletter'],
          summary:
            'Amazon SES bounce and complaint notifications through SNS: signature verified, subscriptions confirmed',
          requestBody: {
            required: true,
            content: { 'text/plain': { schema: { type: 'object', additionalProperties: true } } },
          },
          responses: { ...RESPONSES, 403: 'The SNS signature is not valid' },
        },
        handler: async (request, reply) => {
          const message = parseSnsMessage(raw(request));
          if ('error' in message) return refuse(reply, 400, message.error);
          const verdict = await this.sns.verify(message);
          if (!verdict.valid) {
            return reply.code(403).header('cache-control', 'no-store').send({
              statusCode: 403,
              error: 'Forbidden',
              message: verdict.reason,
            });
          }
          if (message.Type === 'SubscriptionConfirmation') {
            const confirmed = await this.sns.confirmSubscription(message);
            if (!confirmed.valid) return refuse(reply, 400, confirmed.reason);
            return reply.code(200).header('cache-control', 'no-store').send();
          }
          if (message.Type === 'UnsubscribeConfirmation') {
            return reply.code(200).header('cache-control', 'no-store').send();
          }
          return this.receive('ses', sesNotices(message.MessageId, message.Message), reply);
        },
      }),
      rawRoute({
        method: 'POST',
        path: bouncesPath('postmark'),
        access: 'public',
        crossSite: { reason: 'Postmark posts its bounce webhooks from its servers' },
        query: postmarkQuerySchema,
        body: { mode: 'raw', types: ['application/json'], limit: LIMIT },
        docs: {
          operationId: 'postmarkBounces',
          tags: ['newsletter'],
          summary:
            'Postmark bounce and spam-complaint webhooks (HTTP basic auth, or the token as X-Postmark-Token or ?token=)',
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', additionalProperties: true } },
            },
          },
          responses: {
            ...RESPONSES,
            401: 'Without the configured credentials',
            404: 'Not configured',
          },
        },
        handler: async (request, reply) => {
          const { NEWSLETTER_POSTMARK_BASIC_AUTH: basic, NEWSLETTER_POSTMARK_TOKEN: token } =
            this.config;
          if (!basic && !token) return refuse(reply, 404, 'Postmark bounces are not configured');
          if (!postmarkAuthorized(request, basic, token)) {
            return refuse(reply, 401, 'Postmark credentials are missing or wrong');
          }
          return this.receive('postmark', postmarkNotices(raw(request)), reply);
        },
      }),
      rawRoute({
        method: 'POST',
        path: bouncesPath('generic'),
        access: 'public',
        crossSite: { reason: 'Mail servers post bounce notices from elsewhere (signed)' },
        body: { mode: 'raw', types: ['application/json'], limit: LIMIT },
        docs: {
          operationId: 'genericBounces',
          tags: ['newsletter'],
          summary:
            'A bounce or complaint in the generic format, signed: X-Bounce-Signature: sha256=<hex HMAC-SHA256 of the body>',
          headers: [
            {
              name: 'X-Bounce-Signature',
              description:
                'sha256= and the hex HMAC-SHA256 of the body with NEWSLETTER_BOUNCE_SECRET',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'email', 'occurredAt', 'id'],
                  properties: {
                    type: { type: 'string', enum: ['hard', 'soft', 'complaint'] },
                    email: { type: 'string', format: 'email' },
                    reason: { type: 'string' },
                    occurredAt: { type: 'string', format: 'date-time' },
                    id: { type: 'string' },
                    messageId: { type: 'string' },
                  },
                },
              },
            },
          },
          responses: { ...RESPONSES, 401: 'Unsigned or wrongly signed', 404: 'Not configured' },
        },
        handler: async (request, reply) => {
          const secret = this.config.NEWSLETTER_BOUNCE_SECRET;
          if (!secret) return refuse(reply, 404, 'Generic bounces are not configured');
          const body = raw(request);
          const given = request.headers[GENERIC_BOUNCE_SIGNATURE_HEADER];
          const expected = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
          if (typeof given !== 'string' || !sameSecret(given.trim().toLowerCase(), expected)) {
            return refuse(reply, 401, 'The signature is missing or wrong');
          }
          return this.receive('generic', genericNotices(body), reply);
        },
      }),
    ];
  }

  private async receive(provider: BounceProvider, parsed: ParsedNotices, reply: FastifyReply) {
    if ('error' in parsed) return refuse(reply, 400, parsed.error);
    const result = parsed.notices.length
      ? await this.commandBus.execute(new ReceiveBounceCommand(provider, parsed.notices))
      : { recorded: 0, replayed: 0 };
    return reply.code(200).header('cache-control', 'no-store').send(result);
  }
}

function postmarkAuthorized(
  request: FastifyRequest,
  basic: string | undefined,
  token: string | undefined,
): boolean {
  if (token) {
    const header = request.headers[POSTMARK_TOKEN_HEADER];
    const query = (request.query as { token?: string }).token;
    const given = typeof header === 'string' ? header : query;
    if (given && sameSecret(given, token)) return true;
  }
  if (basic) {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
    const given = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
    if (given && sameSecret(given, basic)) return true;
  }
  return false;
}
