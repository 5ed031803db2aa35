import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';

/** The CSV of an import's lines that were not imported as new subscribers, with why; null: no import. */
export class SubscriberImportReportQuery extends Query<Readable | null> {
  constructor(readonly importId: string) {
    super();
  }
}
