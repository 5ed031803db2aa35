import { Query } from '@nestjs/cqrs';
import type { IntakeFormPackage } from '../../../../contracts/intake.js';

/** Every pricing package and where its questionnaire stands (admins). */
export class ListIntakeFormsQuery extends Query<IntakeFormPackage[]> {}
