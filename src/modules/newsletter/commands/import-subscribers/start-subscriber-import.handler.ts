import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  SUBSCRIBER_IMPORT_TEXTS,
  type SubscriberImport,
  type SubscriberImportStatus,
} from '../../../../contracts/subscriber-import.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { readSubscriberImport } from '../../domain/subscriber-import.js';
import {
  IMPORT_SUBSCRIBERS_JOB,
  NEWSLETTER_IMPORT_QUEUE,
} from '../../jobs/import-subscribers.job.js';
import { StartSubscriberImportCommand } from './start-subscriber-import.command.js';

/**
 * Step two: the admin's mapping and consent are recorded and the import's job written to the outbox,
 * in one transaction. A failed import is resumed with what it was started with: its job goes on with
 * the rows not processed yet, so nothing is imported or e-mailed twice.
 */
@CommandHandler(StartSubscriberImportCommand)
export class StartSubscriberImportHandler implements ICommandHandler<StartSubscriberImportCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ importId, input }: StartSubscriberImportCommand): Promise<SubscriberImport> {
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const context = tx.getTransactionContext();
      const [row] = await connection.execute<
        { status: SubscriberImportStatus; headers: string[] }[]
      >(
        `select status, headers from newsletter_import where id = ? for update`,
        [importId],
        'all',
        context,
      );
      if (!row) throw new NotFoundException(SUBSCRIBER_IMPORT_TEXTS.notFound);
      if (row.status === 'uploaded') {
        const { mapping } = input;
        for (const key of ['email', 'name', 'status'] as const) {
          const index = mapping[key];
          if (index !== null && index >= row.headers.length) {
            throw new ValidationFailedException({
              [`mapping.${key}`]: SUBSCRIBER_IMPORT_TEXTS.columnOutOfRange,
            });
          }
        }
        await connection.execute(
          `update newsletter_import
              set status = 'queued', email_column = ?, name_column = ?, status_column = ?,
                  consent = ?, started_at = now()
            where id = ?`,
          [mapping.email, mapping.name, mapping.status, input.consent, importId],
          'run',
          context,
        );
      } else if (row.status === 'failed') {
        await connection.execute(
          `update newsletter_import set status = 'queued', error = null, finished_at = null where id = ?`,
          [importId],
          'run',
          context,
        );
      } else {
        throw new ConflictException(SUBSCRIBER_IMPORT_TEXTS.notUploaded);
      }
      this.outbox.enqueue(tx, NEWSLETTER_IMPORT_QUEUE.name, IMPORT_SUBSCRIBERS_JOB, { importId });
      await this.outbox.commit(tx, []);
    });
    const result = await readSubscriberImport(em, importId);
    if (!result) throw new NotFoundException(SUBSCRIBER_IMPORT_TEXTS.notFound);
    return result;
  }
}
