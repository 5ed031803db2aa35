import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { pagesAffectedBy } from '../domain/affected-pages.js';
import { IndexNowConfig, indexNowEnabled } from '../domain/indexnow-config.js';
import { sqlIn } from '../domain/sql.js';
import { INDEXNOW_QUEUE, SUBMIT_INDEXNOW_JOB, type SubmitIndexNowJob } from './indexnow.queues.js';

/** Submissions kept for the SEO hub; older ones are deleted as new ones come. */
const KEPT_SUBMISSIONS = 100;

/**
 * After a content change: the pages showing the section join the one pending submission, or start one
 * due INDEXNOW_DELAY_MS later with its job (through the outbox), so a burst of edits makes one
 * submission. Nothing is queued while IndexNow is off or has no endpoint. One transaction-scoped
 * advisory lock orders the handlers of simultaneous changes (one pending row, never two).
 */
@Injectable()
@HandlesDomainEvent('ContentSectionChanged')
export class QueueIndexNowSubmissionHandler implements DomainEventHandler<'ContentSectionChanged'> {
  constructor(
    private readonly indexNow: IndexNowConfig,
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEventJob<'ContentSectionChanged'>, tx: EntityManager): Promise<void> {
    const paths = pagesAffectedBy(event.payload.section);
    if (paths.length === 0 || !this.indexNow.endpoint || !(await indexNowEnabled(tx))) return;
    const sql = sqlIn(tx);
    await sql(`select pg_advisory_xact_lock(hashtext('indexnow_pending'))`);
    const [pending] = await sql<{ id: string; paths: string[] }>(
      `select id, paths from indexnow_submission where status = 'pending' for update`,
    );
    if (pending) {
      const merged = [...new Set([...pending.paths, ...paths])];
      await sql(`update indexnow_submission set paths = ?::jsonb where id = ?`, [
        JSON.stringify(merged),
        pending.id,
      ]);
      return;
    }
    const id = randomUUID();
    const now = new Date();
    const dueAt = new Date(now.getTime() + this.config.INDEXNOW_DELAY_MS);
    await sql(
      `insert into indexnow_submission (id, status, paths, created_at, due_at)
       values (?, 'pending', ?::jsonb, ?, ?)`,
      [id, JSON.stringify(paths), now, dueAt],
    );
    await sql(
      `delete from indexnow_submission where id in (
         select id from indexnow_submission order by created_at desc offset ?)`,
      [KEPT_SUBMISSIONS],
    );
    const job: SubmitIndexNowJob = { submissionId: id };
    this.outbox.enqueue(tx, INDEXNOW_QUEUE.name, SUBMIT_INDEXNOW_JOB, { ...job }, { dueAt });
  }
}
