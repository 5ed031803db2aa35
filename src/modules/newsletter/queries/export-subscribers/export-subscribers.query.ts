import type { Readable } from 'node:stream';
import { Query } from '@nestjs/cqrs';
import type { SubscriberStatus } from '../../../../contracts/newsletter.js';

/** Every subscriber (of one status), newest first, as a CSV byte stream read from the database on demand. */
export class ExportSubscribersQuery extends Query<Readable> {
  constructor(readonly status?: SubscriberStatus) {
    super();
  }
}
