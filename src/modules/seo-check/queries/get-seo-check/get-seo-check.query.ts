import { Query } from '@nestjs/cqrs';
import type { SeoCheck } from '../../../../contracts/seo-check.js';

/** One check with its report (when finished); a 404 when there is none. */
export class GetSeoCheckQuery extends Query<SeoCheck> {
  constructor(readonly checkId: string) {
    super();
  }
}
