import type { OpenAPIObject } from '@nestjs/swagger';
import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/**
 * The queue dashboard's page. Its own API under the same path (Bull Board's, not ours) is not listed:
 * the same session check guards every path under it.
 */
export const queueDashboardOpenApiPaths: OpenAPIObject['paths'] = {
  [QUEUE_DASHBOARD_PATH]: {
    get: {
      ...{ 'x-access': 'admin' },
      tags: ['ops'],
      operationId: 'queueDashboard',
      summary:
        'Bull Board for every queue (see every job; retry or remove a failed one, audited); its API under /admin/queues/api is admins-only too, and refuses every other write (403)',
      security: [{ session: [] }],
      responses: {
        '200': {
          description: 'The dashboard page',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
        '303': { description: 'Signed out, from a browser (Accept: text/html): to the login page' },
        '401': errorResponse('Not signed in'),
        '403': errorResponse('Not an admin'),
      },
    },
  },
};
