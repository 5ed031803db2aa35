import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { IntakeFormState } from '../../../../contracts/intake.js';
import { IntakeForms } from '../../domain/intake-forms.js';
import { GetIntakeFormQuery } from './get-intake-form.query.js';

@QueryHandler(GetIntakeFormQuery)
export class GetIntakeFormHandler implements IQueryHandler<GetIntakeFormQuery> {
  constructor(private readonly forms: IntakeForms) {}

  execute({ packageId }: GetIntakeFormQuery): Promise<IntakeFormState> {
    return this.forms.state(packageId);
  }
}
