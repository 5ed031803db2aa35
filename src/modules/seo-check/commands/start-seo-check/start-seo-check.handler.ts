import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SEO_CHECK_CACHE_HOURS, type SeoCheckStarted } from '../../../../contracts/seo-check.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { SeoCheck } from '../../domain/seo-check.entity.js';
import { SeoCheckReportRequested } from '../../domain/seo-check.events.js';
import { SeoCheckThrottle } from '../../domain/seo-check-throttle.js';
import {
  RUN_SEO_CHECK_JOB,
  type RunSeoCheckJob,
  SEO_CHECK_QUEUE,
} from '../../jobs/seo-check.queues.js';
import { StartSeoCheckCommand } from './start-seo-check.command.js';

/**
 * A visitor asks for a check of an address (already normalised by the contract). Within the per-IP
 * limit: a check of the same address made in the last 24 hours (and not failed) is answered again
 * (its report, once finished, is e-mailed when an address is given); otherwise, within the global
 * limit, a new check is queued for the worker in the same transaction as its row.
 */
@CommandHandler(StartSeoCheckCommand)
export class StartSeoCheckHandler implements ICommandHandler<StartSeoCheckCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly throttle: SeoCheckThrottle,
  ) {}

  async execute({ input, ip }: StartSeoCheckCommand): Promise<SeoCheckStarted> {
    await this.throttle.consumeRequest(ip);
    const em = this.em.fork();
    const since = new Date(Date.now() - SEO_CHECK_CACHE_HOURS * 3_600_000);
    const cached = await em.findOne(
      SeoCheck,
      { url: input.url, createdAt: { $gte: since }, status: { $ne: 'failed' } },
      { orderBy: { createdAt: 'desc' } },
    );
    const subscribe = input.subscribe && input.email !== undefined;
    if (cached) {
      const events = input.email
        ? [new SeoCheckReportRequested({ checkId: cached.id, email: input.email, subscribe, ip })]
        : [];
      await this.outbox.commit(em, events);
      return { id: cached.id, cached: true };
    }
    await this.throttle.consumeNewCheck();
    const check = em.create(SeoCheck, {
      id: randomUUID(),
      url: input.url,
      status: 'queued',
      report: null,
      error: null,
      createdAt: new Date(),
      finishedAt: null,
    });
    const job: RunSeoCheckJob = {
      checkId: check.id,
      ip,
      ...(input.email ? { email: input.email, subscribe } : {}),
    };
    this.outbox.enqueue(em, SEO_CHECK_QUEUE.name, RUN_SEO_CHECK_JOB, { ...job });
    await this.outbox.commit(em, []);
    return { id: check.id, cached: false };
  }
}
