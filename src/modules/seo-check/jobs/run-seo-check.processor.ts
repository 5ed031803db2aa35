import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { SeoCheckReport } from '../../../contracts/seo-check.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { FetchFailedError, UnsafeTargetError } from '../../../platform/http/safe-fetch.js';
import { isLastAttempt, OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { SeoCheck } from '../domain/seo-check.entity.js';
import { SeoCheckReportRequested } from '../domain/seo-check.events.js';
import { SeoChecker } from '../domain/seo-checker.js';
import { type RunSeoCheckJob, SEO_CHECK_QUEUE } from './seo-check.queues.js';

/** Longest a run may hold its job's row: the page, robots.txt, the sitemap and 50 links. */
const RUN_LEASE_MS = 120_000;

/**
 * Runs one SEO check: its row becomes `running`, the page is fetched and analysed (no transaction is
 * held meanwhile), then the row becomes `done` with its report, or `failed` with the reason the page
 * could not be fetched (a refused address, no answer: the visitor's result, not a job failure). A job
 * that fails otherwise (the database away) is retried with the queue's backoff; its last attempt leaves
 * the check `failed` too. With an e-mail, the report is requested in the same transaction.
 */
@Injectable()
@QueueProcessor(SEO_CHECK_QUEUE.name)
export class RunSeoCheckProcessor implements JobProcessor {
  private readonly logger = new Logger(RunSeoCheckProcessor.name);
  readonly concurrency = 4;

  constructor(
    private readonly ledger: OutboxLedger,
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly checker: SeoChecker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job): Promise<void> {
    const lease = {
      queue: SEO_CHECK_QUEUE.name,
      leaseMs: Math.max(RUN_LEASE_MS, this.config.QUEUE_LOCK_DURATION_MS),
      busy: 'This SEO check is being run by another worker',
    };
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const run = payload as unknown as RunSeoCheckJob;
      try {
        await this.run(run);
      } catch (error) {
        if (isLastAttempt(job, error)) {
          this.logger.warn({ checkId: run.checkId, err: error }, 'An SEO check could not be run');
          await this.finish(run, { error: 'The check could not be completed. Please try again.' });
        }
        throw error;
      }
    });
  }

  private async run(run: RunSeoCheckJob): Promise<void> {
    const em = this.em.fork();
    const check = await em.findOne(SeoCheck, { id: run.checkId });
    if (!check || check.status === 'done' || check.status === 'failed') return;
    check.status = 'running';
    await em.flush();
    let report: SeoCheckReport;
    try {
      report = await this.checker.check(check.url);
    } catch (error) {
      if (error instanceof UnsafeTargetError || error instanceof FetchFailedError) {
        await this.finish(run, { error: error.message });
        return;
      }
      throw error;
    }
    await this.finish(run, { report });
  }

  /** Records the outcome and, with an e-mail, requests the report, in one transaction. */
  private async finish(
    run: RunSeoCheckJob,
    outcome: { report: SeoCheckReport } | { error: string },
  ): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const check = await tx.findOne(SeoCheck, { id: run.checkId });
      if (!check || check.status === 'done' || check.status === 'failed') return;
      if ('report' in outcome) {
        check.status = 'done';
        check.report = outcome.report;
      } else {
        check.status = 'failed';
        check.error = outcome.error;
      }
      check.finishedAt = new Date();
      const events = run.email
        ? [
            new SeoCheckReportRequested({
              checkId: check.id,
              email: run.email,
              subscribe: run.subscribe === true,
              ip: run.ip,
            }),
          ]
        : [];
      await this.outbox.commit(tx, events);
    });
  }
}
