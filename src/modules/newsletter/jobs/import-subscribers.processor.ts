import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  IMPORTABLE_STATUSES,
  type ImportRowOutcome,
} from '../../../contracts/subscriber-import.js';
import { requiredEmail } from '../../../contracts/text-fields.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { OutboxLedger } from '../../../platform/outbox/outbox-ledger.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import {
  type JobProcessor,
  QueueProcessor,
} from '../../../platform/queue/queue-processor.decorator.js';
import { SubscriptionRequested } from '../domain/newsletter.events.js';
import { normalizeSubscriberEmail } from '../domain/subscriber-email.js';
import { type ImportSubscribersJob, NEWSLETTER_IMPORT_QUEUE } from './import-subscribers.job.js';

/** Rows processed per transaction (and between two progress updates). */
const CHUNK_ROWS = 500;

const emailSchema = requiredEmail('Email');

interface ImportSettings {
  status: string;
  email_column: number;
  name_column: number | null;
  status_column: number | null;
  consent: boolean;
  created_by: string;
  created_by_email: string;
}

interface RowOutcome {
  line: number;
  outcome: ImportRowOutcome;
  reason: string | null;
  email: string | null;
}

interface NewSubscriber {
  line: number;
  id: string;
  email: string;
  name: string | null;
  status: 'pending' | 'confirmed' | 'unsubscribed';
}

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Imports an uploaded CSV's rows, CHUNK_ROWS per transaction in line order. Each transaction writes
 * the new subscribers, their confirmation e-mails' events (the sign-up's own SubscriptionRequested,
 * through the outbox) or their consent records, each row's outcome and the import's counts together,
 * so a retried or resumed job goes on with the rows without an outcome and never adds a subscriber
 * or an e-mail twice. Addresses are checked as the sign-up form checks them and lower-cased; a line
 * repeating an earlier line's address is a duplicate; an existing pending or confirmed address is
 * left as it is; an unsubscribed, bounced or complained one is never subscribed again. After its last
 * attempt the import is `failed` with the reason, and an admin can resume it.
 */
@Injectable()
@QueueProcessor(NEWSLETTER_IMPORT_QUEUE.name)
export class ImportSubscribersProcessor implements JobProcessor {
  private readonly logger = new Logger(ImportSubscribersProcessor.name);

  constructor(
    private readonly em: EntityManager,
    private readonly ledger: OutboxLedger,
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async process(job: Job<ImportSubscribersJob>): Promise<void> {
    const lease = {
      queue: NEWSLETTER_IMPORT_QUEUE.name,
      leaseMs: this.config.QUEUE_LOCK_DURATION_MS,
      busy: 'This import is being run by another worker',
    };
    await this.ledger.runClaimed(job, lease, async (payload) => {
      const { importId } = payload as unknown as ImportSubscribersJob;
      try {
        await this.run(job, importId);
      } catch (error) {
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
          await this.em
            .fork()
            .getConnection()
            .execute(
              `update newsletter_import set status = 'failed', error = ?, finished_at = now()
                where id = ? and status in ('queued', 'running')`,
              [reasonOf(error), importId],
            );
          this.logger.error({ err: error, importId }, 'Subscriber import failed');
        }
        throw error;
      }
    });
  }

  private async run(job: Job, importId: string): Promise<void> {
    const connection = this.em.fork().getConnection();
    const [settings] = await connection.execute<ImportSettings[]>(
      `update newsletter_import set status = 'running'
        where id = ? and status in ('queued', 'running')
        returning status, email_column, name_column, status_column, consent, created_by, created_by_email`,
      [importId],
    );
    if (!settings) return; // done, or not started: nothing owed
    for (;;) {
      const processed = await this.em
        .fork()
        .transactional((tx) => this.chunk(tx, importId, settings));
      if (processed === 0) break;
      await job.updateProgress({ importId });
    }
    await connection.execute(
      `update newsletter_import set status = 'done', finished_at = now() where id = ?`,
      [importId],
    );
  }

  /** Processes the next CHUNK_ROWS rows without an outcome; returns how many. */
  private async chunk(
    tx: EntityManager,
    importId: string,
    settings: ImportSettings,
  ): Promise<number> {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const sql = <T extends object[] = object[]>(query: string, params: unknown[]) =>
      connection.execute<T>(query, params, 'all', context);
    const rows = await sql<{ line: number; cells: string[] }[]>(
      `select line, cells from newsletter_import_row
        where import_id = ? and outcome is null order by line limit ? for update skip locked`,
      [importId, CHUNK_ROWS],
    );
    if (rows.length === 0) return 0;

    const outcomes: RowOutcome[] = [];
    const parsed: { line: number; email: string; name: string | null; status: string | null }[] =
      [];
    for (const { line, cells } of rows) {
      const rawEmail = cells[settings.email_column] ?? '';
      const check = emailSchema.safeParse(rawEmail);
      if (!check.success) {
        const message = check.error.issues[0]?.message ?? 'Provide a Valid Email';
        outcomes.push({ line, outcome: 'invalid', reason: message, email: null });
        continue;
      }
      const rawStatus =
        settings.status_column === null
          ? ''
          : (cells[settings.status_column] ?? '').trim().toLowerCase();
      if (rawStatus !== '' && !(IMPORTABLE_STATUSES as readonly string[]).includes(rawStatus)) {
        outcomes.push({
          line,
          outcome: 'invalid',
          reason: `Status must be one of ${IMPORTABLE_STATUSES.join(', ')} (not "${rawStatus.slice(0, 40)}")`,
          email: null,
        });
        continue;
      }
      const name =
        settings.name_column === null
          ? null
          : (cells[settings.name_column] ?? '').trim().slice(0, 200) || null;
      parsed.push({
        line,
        email: normalizeSubscriberEmail(check.data),
        name,
        status: rawStatus || null,
      });
    }

    const emails = [...new Set(parsed.map((entry) => entry.email))];
    const earlier = new Map<string, number>();
    const existing = new Map<string, { status: string; blocked_reason: string | null }>();
    if (emails.length > 0) {
      for (const row of await sql<{ email: string; line: number }[]>(
        `select email, min(line) as line from newsletter_import_row
          where import_id = ? and email in (select jsonb_array_elements_text(?::jsonb)) and outcome is not null group by email`,
        [importId, JSON.stringify(emails)],
      )) {
        earlier.set(row.email, row.line);
      }
      for (const row of await sql<
        { email: string; status: string; blocked_reason: string | null }[]
      >(
        `select email, status, blocked_reason from subscriber where email in (select jsonb_array_elements_text(?::jsonb))`,
        [JSON.stringify(emails)],
      )) {
        existing.set(row.email, row);
      }
    }

    const fresh: NewSubscriber[] = [];
    for (const entry of parsed) {
      const { line, email } = entry;
      const first = earlier.get(email);
      if (first !== undefined) {
        outcomes.push({
          line,
          outcome: 'duplicate',
          reason: `Same address as line ${first}`,
          email,
        });
        continue;
      }
      earlier.set(email, line);
      const known = existing.get(email);
      if (known) {
        if (known.status === 'pending' || known.status === 'confirmed') {
          outcomes.push({
            line,
            outcome: 'existing',
            reason: `Already a subscriber (${known.status})`,
            email,
          });
        } else {
          const why = known.blocked_reason ? `: ${known.blocked_reason}` : '';
          outcomes.push({
            line,
            outcome: 'skipped',
            reason: `The address is ${known.status}${why}; it is never subscribed again`.slice(
              0,
              500,
            ),
            email,
          });
        }
        continue;
      }
      const status =
        entry.status === 'unsubscribed'
          ? 'unsubscribed'
          : entry.status === 'pending' || !settings.consent
            ? 'pending'
            : 'confirmed';
      fresh.push({ line, id: randomUUID(), email, name: entry.name, status });
    }

    const inserted = new Set<string>();
    if (fresh.length > 0) {
      // A sign-up of the same address meanwhile wins: the row is then merged as existing.
      for (const row of await sql<{ id: string }[]>(
        `insert into subscriber (id, email, name, status, created_at, requested_at, confirmed_at, unsubscribed_at)
         select s.id, s.email, s.name, s.status, now(), now(),
                case when s.status = 'confirmed' then now() end,
                case when s.status = 'unsubscribed' then now() end
           from jsonb_to_recordset(?::jsonb) as s(id uuid, email text, name text, status text)
         on conflict (email) do nothing
         returning id`,
        [JSON.stringify(fresh.map(({ id, email, name, status }) => ({ id, email, name, status })))],
      )) {
        inserted.add(row.id);
      }
    }
    const events: SubscriptionRequested[] = [];
    const consents: NewSubscriber[] = [];
    for (const entry of fresh) {
      const { line, email } = entry;
      if (!inserted.has(entry.id)) {
        outcomes.push({ line, outcome: 'existing', reason: 'Already a subscriber', email });
        continue;
      }
      outcomes.push({ line, outcome: 'created', reason: null, email });
      if (entry.status === 'pending') {
        events.push(new SubscriptionRequested({ subscriberId: entry.id, email }));
      } else if (entry.status === 'confirmed') {
        consents.push(entry);
      }
    }
    if (consents.length > 0) {
      await sql(
        `insert into subscriber_consent (subscriber_id, import_id, line, recorded_by, recorded_by_email, recorded_at)
         select c.id, ?, c.line, ?, ?, now() from jsonb_to_recordset(?::jsonb) as c(id uuid, line int)`,
        [
          importId,
          settings.created_by,
          settings.created_by_email,
          JSON.stringify(consents.map(({ id, line }) => ({ id, line }))),
        ],
      );
    }
    await sql(
      `update newsletter_import_row r set outcome = o.outcome, reason = o.reason, email = o.email
         from jsonb_to_recordset(?::jsonb) as o(line int, outcome text, reason text, email text)
        where r.import_id = ? and r.line = o.line`,
      [JSON.stringify(outcomes), importId],
    );
    const count = (outcome: ImportRowOutcome) =>
      outcomes.filter((entry) => entry.outcome === outcome).length;
    await sql(
      `update newsletter_import
          set processed_rows = processed_rows + ?, created_count = created_count + ?,
              existing_count = existing_count + ?, duplicate_count = duplicate_count + ?,
              invalid_count = invalid_count + ?, skipped_count = skipped_count + ?
        where id = ?`,
      [
        outcomes.length,
        count('created'),
        count('existing'),
        count('duplicate'),
        count('invalid'),
        count('skipped'),
        importId,
      ],
    );
    await this.outbox.commit(tx, events);
    return rows.length;
  }
}
