import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';
import type { RawMount } from '../../../platform/http/raw-routes/raw-route.js';
import { RawRouteSet } from '../../../platform/http/raw-routes/raw-route-set.js';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';
import { isQueueDashboardRequest } from './dashboard-path.js';
import { FailedJobActions } from './failed-job-actions.js';

/** Where a signed-out browser is sent instead of a 401 body. */
const LOGIN_PATH = '/login';

/** The board's page asks Google for its fonts: our pages load nothing from other sites (CSP), so it uses its fallback fonts. */
const EXTERNAL_STYLESHEET = /<link[^>]*href="https?:\/\/[^"]*"[^>]*rel="stylesheet"[^>]*>\s*/g;

/**
 * Not read-only for Bull Board (that would hide the retry of failed jobs too), but without the retry
 * of completed jobs (their work is done). FailedJobActions refuses every other write. The adapter
 * takes `allowCompletedRetries` although its options type does not list it.
 */
const ADAPTER = { readOnlyMode: false, allowCompletedRetries: false };

/**
 * Bull Board at /admin/queues for every queue of the product: admins see every job, and retry or remove
 * failed ones (audited); every other write is refused (FailedJobActions), so the board cannot forge work.
 * Its routes are Bull Board's own, mounted behind the admin level: the raw route registrar checks the
 * session on every request for them first (a signed-out browser is sent to the login page). Its unsafe
 * requests (PUT, POST, PATCH) pass the app's cross-site check like every other route.
 */
@Injectable()
export class QueueDashboardRegistrar extends RawRouteSet {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly failedJobActions: FailedJobActions,
    private readonly queues: QueueRegistry,
  ) {
    super();
  }

  routes() {
    return [];
  }

  override mounts(): RawMount[] {
    return [
      {
        prefix: QUEUE_DASHBOARD_PATH,
        access: 'admin',
        covers: isQueueDashboardRequest,
        register: (scope) => this.register(scope),
        refused: (status, request, reply) => {
          if (status !== 401 || request.method !== 'GET' || !acceptsHtml(request)) return false;
          void reply.header('cache-control', 'no-store').redirect(LOGIN_PATH, 303);
          return true;
        },
        docs: {
          operationId: 'queueDashboard',
          tags: ['ops'],
          summary:
            'Bull Board for every queue (see every job; retry or remove a failed one, audited); its API under /admin/queues/api is admins-only too, and refuses every other write (403)',
          responses: {
            200: {
              description: 'The dashboard page',
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            303: 'Signed out, from a browser (Accept: text/html): to the login page',
          },
        },
      },
    ];
  }

  private async register(scope: FastifyInstance): Promise<void> {
    const board = new BullBoardFastifyAdapter();
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: this.queues.names.map((name) => new BullMQAdapter(this.queue(name), ADAPTER)),
      serverAdapter: board,
      options: {
        uiConfig: {
          boardTitle: 'Queues',
          hideDocsLink: true,
          miscLinks: [{ text: 'Admin panel', url: '/admin' }],
        },
      },
    });
    scope.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace(EXTERNAL_STYLESHEET, '')
        : payload,
    );
    // Before Bull Board's own body validation, so a refused write is a 403 whatever its body.
    scope.addHook('preValidation', async (request, reply) => {
      if (await this.failedJobActions.guard(request, reply, (name) => this.queue(name))) {
        return reply;
      }
    });
    await scope.register(board.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}

/** A browser navigating to the page (its Accept header names HTML). */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
