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
import { BACK_TO_ADMIN, LOGIN_TO_DASHBOARD, NO_PERMISSION_PAGE } from './dashboard-pages.js';
import { isQueueDashboardRequest } from './dashboard-path.js';
import { FailedJobActions } from './failed-job-actions.js';

/** The board's page asks Google for its fonts: our pages load nothing from other sites (CSP), so it uses its fallback fonts. */
const EXTERNAL_STYLESHEET = /<link[^>]*href="https?:\/\/[^"]*"[^>]*rel="stylesheet"[^>]*>\s*/g;
/** Where the link back to the admin area goes: first in the page's body, outside the board's root. */
const BODY_START = /<body[^>]*>/;

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
        // A browser opening the board gets pages, not the API's JSON: signed out, the login page
        // (which brings an admin back here); signed in without admin rights, a page saying so.
        refused: (status, request, reply) => {
          if (request.method !== 'GET' || !acceptsHtml(request)) return false;
          if (status === 401) {
            void reply.header('cache-control', 'no-store').redirect(LOGIN_TO_DASHBOARD, 303);
            return true;
          }
          if (status !== 403) return false;
          void reply
            .code(403)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(NO_PERMISSION_PAGE);
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
            303: 'Signed out, from a browser (Accept: text/html): to the login page (then back here)',
            403: 'Signed in without admin rights: from a browser (Accept: text/html), a page saying so',
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
          boardTitle: 'SEO Agency queues',
          boardLogo: { path: '/favicon.svg', width: 28, height: 28 },
          favIcon: { default: '/favicon.svg', alternative: '/favicon.svg' },
          hideDocsLink: true,
          miscLinks: [
            { text: 'Admin panel', url: '/admin' },
            { text: 'Audit log', url: '/admin/audit' },
            { text: 'Total Orders', url: '/total-orders' },
          ],
        },
      },
    });
    // The board's own page only (not the page refusing a non-admin, sent on these routes too).
    scope.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' &&
      reply.statusCode === 200 &&
      String(reply.getHeader('content-type')).startsWith('text/html')
        ? payload.replace(EXTERNAL_STYLESHEET, '').replace(BODY_START, `$&\n${BACK_TO_ADMIN}`)
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
