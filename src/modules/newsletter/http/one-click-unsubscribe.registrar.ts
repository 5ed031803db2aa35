import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { NEWSLETTER_MESSAGES, subscriberTokenSchema } from '../../../contracts/newsletter.js';
import { CROSS_SITE_ALLOWED } from '../../../platform/http/cross-site.js';
import { UnsubscribeCommand } from '../commands/unsubscribe/unsubscribe.command.js';

export const ONE_CLICK_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';

/** RFC 8058 bodies are one short form field; nothing bigger is read. */
const MAX_BODY_BYTES = 4096;

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the URL of a
 * newsletter's List-Unsubscribe header, from their servers, without cookies. The token in the URL is
 * the whole authority, so the route is public and exempt from the cross-site check; it answers 200
 * (never a redirect), and posting again is harmless. A GET of the same URL is the SPA's page, which
 * asks for a click before it changes anything.
 */
@Injectable()
export class OneClickUnsubscribeRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // the worker role serves no HTTP
    void fastify.register(async (scope) => {
      // Form-encoded or multipart, as the RFC allows, or anything else: the body is not needed.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { bodyLimit: MAX_BODY_BYTES }, (_, payload, done) => {
        payload.resume();
        payload.on('end', () => done(null, undefined));
        payload.on('error', done);
      });
      scope.post(
        ONE_CLICK_UNSUBSCRIBE_PATH,
        { config: CROSS_SITE_ALLOWED },
        async (request, reply) => {
          const parsed = subscriberTokenSchema.safeParse(request.query);
          void reply.header('cache-control', 'no-store');
          if (!parsed.success) {
            return reply.code(400).send({
              statusCode: 400,
              error: 'Bad Request',
              message: NEWSLETTER_MESSAGES.invalidLink,
            });
          }
          await this.commandBus.execute(new UnsubscribeCommand(parsed.data.token));
          return reply.code(200).send({ message: NEWSLETTER_MESSAGES.unsubscribed });
        },
      );
    });
  }
}
