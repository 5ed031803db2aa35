import type { OpenAPIObject } from '@nestjs/swagger';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './one-click-unsubscribe.registrar.js';

/** The one-click unsubscribe route (a Fastify route: Nest's scanner does not see it). */
export const oneClickUnsubscribeOpenApiPaths: OpenAPIObject['paths'] = {
  [ONE_CLICK_UNSUBSCRIBE_PATH]: {
    post: {
      // Mail providers post it from their servers: public, exempt from the cross-site check.
      ...{ 'x-access': 'public', 'x-cross-site': 'allowed' },
      tags: ['newsletter'],
      operationId: 'oneClickUnsubscribe',
      summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), with the token of the URL',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
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
        '200': {
          description: 'Unsubscribed (also when it was already)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Notice' } } },
        },
        '400': {
          description: 'Invalid or expired link',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      },
    },
  },
};
