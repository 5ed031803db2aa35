import { Query } from '@nestjs/cqrs';
import type { IntakeFormState } from '../../../../contracts/intake.js';

/** A package's questionnaire: its newest version (null: never saved); no such package is a 404. */
export class GetIntakeFormQuery extends Query<IntakeFormState> {
  constructor(readonly packageId: string) {
    super();
  }
}
