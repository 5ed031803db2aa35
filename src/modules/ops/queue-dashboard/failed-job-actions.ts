import { EntityManager } from '@mikro-orm/postgresql';
import { ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH } from '../../../contracts/queue-dashboard.js';
import { auditActorOf } from '../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import { toErrorBody } from '../../../platform/http/error-body.filter.js';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';

export const READ_ONLY_MESSAGE =
  'The queue dashboard is read-only: only a failed job can be retried or removed, one at a time';

/** The board's only writes we take, by route and method; each is done here and audited. */
const FAILED_JOB_ACTIONS: Record<string, 'retry' | 'remove'> = {
  [`PUT ${QUEUE_DASHBOARD_PATH}/api/queues/:queueName/:jobId/retry`]: 'retry',
  [`PUT ${QUEUE_DASHBOARD_PATH}/api/queues/:queueName/:jobId/clean`]: 'remove',
};

/** Reading is all the board may do otherwise (its API reads with GET only). */
const READS = new Set(['GET', 'HEAD']);

/**
 * Keeps Bull Board to what an operator needs without forging work: it reads everything, and retries or
 * removes a failed job (each written to the audit log). Every other write of its API (add a job, edit
 * its data, promote, clean, empty, pause, obliterate, schedulers…) is refused with 403, whatever Bull
 * Board adds in a later version: the writes allowed are listed, not the ones refused.
 */
@Injectable()
export class FailedJobActions {
  private readonly logger = new Logger(FailedJobActions.name);

  constructor(
    private readonly em: EntityManager,
    private readonly queues: QueueRegistry,
  ) {}

  /**
   * A preValidation hook of the board's routes (after the session and cross-site checks): lets reads through,
   * does an allowed write itself and answers it, refuses the rest. Returns whether it answered.
   */
  async guard(
    request: FastifyRequest,
    reply: FastifyReply,
    queueOf: (name: string) => Queue,
  ): Promise<boolean> {
    if (READS.has(request.method)) return false;
    const action = FAILED_JOB_ACTIONS[`${request.method} ${request.routeOptions.url ?? ''}`];
    try {
      if (!action) throw new ForbiddenException(READ_ONLY_MESSAGE);
      const { queueName, jobId } = request.params as { queueName: string; jobId: string };
      if (!this.queues.has(queueName)) throw new NotFoundException('No such queue');
      const job = await queueOf(queueName).getJob(jobId);
      if (!job) throw new NotFoundException('No such job');
      await this.act(action, job, queueName, request);
      void reply.code(204).header('cache-control', 'no-store').send();
    } catch (error) {
      const body = toErrorBody(error);
      if (body.statusCode >= 500)
        request.log.error({ err: error }, 'Queue dashboard action failed');
      void reply.code(body.statusCode).header('cache-control', 'no-store').send(body);
    }
    return true;
  }

  private async act(
    action: 'retry' | 'remove',
    job: Job,
    queueName: string,
    request: FastifyRequest,
  ): Promise<void> {
    const state = await job.getState();
    if (state !== 'failed') {
      throw new ForbiddenException(
        `Only a failed job can be retried or removed here; job ${job.id} is ${state}`,
      );
    }
    const before = {
      state,
      name: job.name,
      failedReason: job.failedReason,
      attemptsMade: job.attemptsMade,
    };
    // Redis first, then the audit entry in its own transaction (no network call inside one); BullMQ
    // refuses to retry a job that left the failed set meanwhile.
    if (action === 'retry') await job.retry('failed');
    else await job.remove();
    const actor = auditActorOf(request.auth!, request.ip);
    try {
      await this.em.fork().transactional(async (em) => {
        recordAudit(em, actor, {
          kind: action === 'retry' ? 'queue-job.retried' : 'queue-job.removed',
          targetType: `queue:${queueName}`,
          targetId: String(job.id),
          summary: `${action === 'retry' ? 'Retried' : 'Removed'} the failed job ${job.name} (${job.id}) of the ${queueName} queue`,
          before,
          after: action === 'retry' ? { state: 'waiting' } : null,
        });
      });
    } catch (error) {
      this.logger.error(
        { err: error, queue: queueName, jobId: job.id, action, actor: actor.email },
        'A queue dashboard action was done but its audit entry was not written',
      );
      throw error;
    }
  }
}
