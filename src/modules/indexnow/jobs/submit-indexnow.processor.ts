import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { isLastAttempt, OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { IndexNowConfig, indexNowEnabled } from '../domain/indexnow-config.js';
import { sqlIn } from '../domain/sql.js';
import { INDEXNOW_QUEUE, type SubmitIndexNowJob } from './indexnow.queues.js';

/** Longest wait for the endpoint's answer. */
const TIMEOUT_MS = 10_000;

/** The endpoint answered with a status IndexNow counts as refused. */
class IndexNowRefused extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`IndexNow answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/**
 * Posts one submission when it is due: `{host, key, keyLocation, urlList}` to the endpoint. The row
 * becomes `sending` first (so later edits start a new submission rather than join one being sent);
 * every attempt's status or error is recorded on it; a failed attempt is retried with the queue's
 * backoff and the last one leaves it `failed`, which the SEO hub shows. Turned off (or without an
 * endpoint) by the time it is due, it is `skipped`.
 */
@Injectable()
@QueueProcessor(INDEXNOW_QUEUE.name)
export class SubmitIndexNowProcessor implements JobProcessor {
  private readonly logger = new Logger('IndexNow');

  constructor(
    private readonly ledger: OutboxLedger,
    private readonly em: EntityManager,
    private readonly indexNow: IndexNowConfig,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job): Promise<void> {
    const lease = {
      queue: INDEXNOW_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'This IndexNow submission is being sent by another worker',
    };
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const { submissionId } = payload as unknown as SubmitIndexNowJob;
      const urls = await this.start(submissionId);
      if (!urls) return;
      try {
        const status = await this.post(urls);
        await this.record(submissionId, 'sent', status, null);
        this.logger.log({ submissionId, urls: urls.length, status }, 'IndexNow submission sent');
      } catch (error) {
        const status = error instanceof IndexNowRefused ? error.status : null;
        const reason = error instanceof Error ? error.message : String(error);
        await this.record(
          submissionId,
          isLastAttempt(job, error) ? 'failed' : 'sending',
          status,
          reason,
        );
        throw error;
      }
    });
  }

  /** Marks the submission as being sent and gives its URLs; undefined: nothing to send. */
  private async start(id: string): Promise<string[] | undefined> {
    return this.em.fork().transactional(async (tx) => {
      const sql = sqlIn(tx);
      const [row] = await sql<{ status: string; paths: string[] }>(
        `select status, paths from indexnow_submission where id = ? for update`,
        [id],
      );
      if (!row || (row.status !== 'pending' && row.status !== 'sending')) return undefined;
      if (!this.indexNow.endpoint || !(await indexNowEnabled(tx))) {
        await sql(
          `update indexnow_submission set status = 'skipped', last_error = ? where id = ?`,
          ['IndexNow was off when the submission was due', id],
        );
        return undefined;
      }
      const urls = row.paths.map((path) => `${this.indexNow.origin}${path}`);
      await sql(
        `update indexnow_submission set status = 'sending', urls = ?::jsonb, attempts = attempts + 1
          where id = ?`,
        [JSON.stringify(urls), id],
      );
      return urls;
    });
  }

  private async post(urlList: string[]): Promise<number> {
    const response = await fetch(this.indexNow.endpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        host: this.indexNow.host,
        key: this.indexNow.key,
        keyLocation: this.indexNow.keyLocation,
        urlList,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const body = await response.text().catch(() => '');
    // 200: submitted; 202: received, the key still to be checked. Anything else is a refusal.
    if (response.status !== 200 && response.status !== 202) {
      throw new IndexNowRefused(response.status, body);
    }
    return response.status;
  }

  private async record(
    id: string,
    status: 'sent' | 'sending' | 'failed',
    responseStatus: number | null,
    error: string | null,
  ): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `update indexnow_submission
          set status = ?, response_status = ?, last_error = ?,
              sent_at = case when ? = 'sent' then now() else sent_at end
        where id = ?`,
        [status, responseStatus, error, status, id],
      );
  }
}
