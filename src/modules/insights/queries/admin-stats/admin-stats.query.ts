import { Query } from '@nestjs/cqrs';
import type { AdminStats, StatsBucket } from '../../../../contracts/insights.js';

/** Sales, orders by status and subscribers over whole UTC days `from`..`to`, per bucket. */
export class AdminStatsQuery extends Query<AdminStats> {
  constructor(
    readonly from: string,
    readonly to: string,
    readonly bucket: StatsBucket,
  ) {
    super();
  }
}
