import { Query } from '@nestjs/cqrs';
import type { PageCheckReport } from '../../../../contracts/seo/page-checks.js';
import type { PublicPagePath } from '../../../../contracts/public-pages.js';

/** The SEO checks of public pages (all of them, or the ones given), from the pages rendered now. */
export class PageChecksQuery extends Query<PageCheckReport[]> {
  constructor(readonly paths?: readonly PublicPagePath[]) {
    super();
  }
}
