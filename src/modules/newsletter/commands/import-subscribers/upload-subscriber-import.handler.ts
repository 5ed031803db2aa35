import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  BadRequestException,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  SUBSCRIBER_IMPORT_MAX_ROWS,
  SUBSCRIBER_IMPORT_TEXTS,
  type SubscriberImport,
} from '../../../../contracts/subscriber-import.js';
import { csvRecords, NotCsvError } from '../../domain/csv-rows.js';
import { readSubscriberImport } from '../../domain/subscriber-import.js';
import { UploadSubscriberImportCommand } from './upload-subscriber-import.command.js';

/** Rows written per statement while the upload streams in. */
const INSERT_ROWS = 1000;
/** Longest cell kept (an address is at most 254 characters; a name 200). */
const MAX_CELL = 1000;
const MAX_COLUMNS = 50;

/**
 * Step one of an import: the CSV is parsed as it streams in and its rows written, a thousand per
 * statement, to newsletter_import_row (the upload is never held whole). The first line names the
 * columns. A file that is not UTF-8 text, has no rows or more than SUBSCRIBER_IMPORT_MAX_ROWS is
 * refused whole, and what was written of it deleted.
 */
@CommandHandler(UploadSubscriberImportCommand)
export class UploadSubscriberImportHandler implements ICommandHandler<UploadSubscriberImportCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute(command: UploadSubscriberImportCommand): Promise<SubscriberImport> {
    const em = this.em.fork();
    const connection = em.getConnection();
    const id = randomUUID();
    let created = false;
    try {
      const records = csvRecords(command.file);
      const first = await records.next();
      if (first.done) throw new BadRequestException(SUBSCRIBER_IMPORT_TEXTS.empty);
      const headers = first.value.slice(0, MAX_COLUMNS).map((cell) => cell.trim().slice(0, 200));
      await connection.execute(
        `insert into newsletter_import (id, filename, created_by, created_by_email, created_at, headers)
         values (?, ?, ?, ?, now(), ?::jsonb)`,
        [
          id,
          command.filename.slice(0, 255),
          command.actor.accountId,
          command.actor.email,
          JSON.stringify(headers),
        ],
      );
      created = true;
      let line = 1;
      let batch: [number, string[]][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await connection.execute(
          `insert into newsletter_import_row (import_id, line, cells)
           select ?, (r->>0)::int, array(select jsonb_array_elements_text(r->1))
             from jsonb_array_elements(?::jsonb) r`,
          [id, JSON.stringify(batch)],
        );
        batch = [];
      };
      for await (const record of records) {
        line += 1;
        if (line - 1 > SUBSCRIBER_IMPORT_MAX_ROWS) {
          throw new PayloadTooLargeException(
            SUBSCRIBER_IMPORT_TEXTS.tooManyRows(SUBSCRIBER_IMPORT_MAX_ROWS),
          );
        }
        batch.push([line, record.slice(0, MAX_COLUMNS).map((cell) => cell.slice(0, MAX_CELL))]);
        if (batch.length >= INSERT_ROWS) await flush();
      }
      await flush();
      if (line === 1) throw new BadRequestException(SUBSCRIBER_IMPORT_TEXTS.empty);
      await connection.execute(`update newsletter_import set total_rows = ? where id = ?`, [
        line - 1,
        id,
      ]);
    } catch (error) {
      if (created) await connection.execute(`delete from newsletter_import where id = ?`, [id]);
      if (error instanceof NotCsvError) {
        throw new UnsupportedMediaTypeException(SUBSCRIBER_IMPORT_TEXTS.notCsv);
      }
      throw error;
    }
    const result = await readSubscriberImport(em, id);
    if (!result) throw new Error(`Import ${id} vanished after its upload`);
    return result;
  }
}
