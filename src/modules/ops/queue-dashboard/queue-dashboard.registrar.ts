import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';
import { toErrorBody } from '../../../platform/http/error-body.filter.js';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';
import { Authorizer } from '../../identity/index.js';
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
 * Its routes are plain Fastify routes that Nest's guard does not see, so a hook on every request checks
 * the session first: anyone but an admin is refused (a signed-out browser is sent to the login page).
 * Its unsafe requests (PUT, POST, PATCH) pass the app's cross-site check like every other route.
 */
@Injectable()
export class QueueDashboardRegistrar implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly moduleRef: ModuleRef,
    private readonly authorizer: Authorizer,
    private readonly failedJobActions: FailedJobActions,
    private readonly queues: QueueRegistry,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
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
    // A callback hook: it runs on every request, hot paths included, and most are not the board's.
    fastify.addHook('onRequest', (request, reply, done) => {
      if (!isQueueDashboardRequest(request)) return done();
      this.authorizer.authorize(request, 'admin').then(
        () => {
          void reply.header('cache-control', 'no-store');
          done();
        },
        (error: unknown) => refuse(request, reply, error),
      );
    });
    void fastify.register(async (scope) => {
      scope.addHook('onSend', async (_request, reply, payload) =>
        typeof payload === 'string' &&
        String(reply.getHeader('content-type')).startsWith('text/html')
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
    });
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}

/** Anyone but an admin: the API's error body, or the login page for a signed-out browser. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): void {
  const body = toErrorBody(error);
  if (body.statusCode >= 500) request.log.error({ err: error }, 'Session check failed');
  void reply.header('cache-control', 'no-store');
  if (body.statusCode === 401 && request.method === 'GET' && acceptsHtml(request)) {
    void reply.redirect(LOGIN_PATH, 303);
  } else {
    void reply.code(body.statusCode).send(body);
  }
}

/** A browser navigating to the page (its Accept header names HTML). */
function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}
