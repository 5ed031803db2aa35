import { Query } from '@nestjs/cqrs';
import type { SectionKey } from '../../../../contracts/content/index.js';

/** When the content last changed (a record added, edited, deleted or restored), from its history. */
export interface ContentChanges {
  /** Each section's last change (ISO 8601); a section never written is absent. */
  readonly sections: Partial<Record<SectionKey, string>>;
  /**
   * For a section with a unique field (one record per value, e.g. Page SEO's page): the last change
   * of the record holding each value, counting the value it had before and after the change.
   */
  readonly byUniqueValue: Partial<Record<SectionKey, Record<string, string>>>;
}

export class GetContentChangesQuery extends Query<ContentChanges> {}
