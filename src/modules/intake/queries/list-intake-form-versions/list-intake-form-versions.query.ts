import { Query } from '@nestjs/cqrs';
import type { IntakeFormVersion } from '../../../../contracts/intake.js';

/** The saved versions of a package's questionnaire, newest first; no such package is a 404. */
export class ListIntakeFormVersionsQuery extends Query<IntakeFormVersion[]> {
  constructor(readonly packageId: string) {
    super();
  }
}
