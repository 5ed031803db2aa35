import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { errorBodySchema } from '../../../contracts/errors.js';
import { noticeSchema } from '../../../contracts/identity.js';
import { subscriberTokenSchema } from '../../../contracts/newsletter.js';
import { rawRoute } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
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
export class OneClickUnsubscribeRoute extends RawRouteSet {
  constructor(private readonly commandBus: CommandBus) {
    super();
  }

  routes() {
    return [
      rawRoute({
        method: 'POST',
        path: ONE_CLICK_UNSUBSCRIBE_PATH,
        access: 'public',
        crossSite: {
          reason: 'Mail providers post it from their servers; the token is the authority',
        },
        query: subscriberTokenSchema,
        // Form-encoded or multipart, as the RFC allows, or anything else: the body is not needed.
        body: { mode: 'none', limit: MAX_BODY_BYTES },
        docs: {
          operationId: 'oneClickUnsubscribe',
          tags: ['newsletter'],
          summary:
            'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), with the token of the URL',
          requestBody: {
            required: false,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } },
                },
              },
            },
          },
          responses: {
            200: { description: 'Unsubscribed (also when it was already)', json: noticeSchema },
            400: { description: 'Invalid or expired link', json: errorBodySchema },
          },
        },
        handler: async (request, reply) => {
          const message = await this.commandBus.execute(
            new UnsubscribeCommand(request.query.token),
          );
          return reply.code(200).header('cache-control', 'no-store').send({ message });
        },
      }),
    ];
  }
}
