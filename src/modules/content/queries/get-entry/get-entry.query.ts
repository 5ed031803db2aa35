import { Query } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';

export class GetEntryQuery extends Query<Entry> {
  constructor(
    readonly sectionKey: string,
    readonly id: string,
  ) {
    super();
  }
}
