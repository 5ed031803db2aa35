import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { IntakeFormPackage } from '../../../../contracts/intake.js';
import { IntakeForms } from '../../domain/intake-forms.js';
import { ListIntakeFormsQuery } from './list-intake-forms.query.js';

@QueryHandler(ListIntakeFormsQuery)
export class ListIntakeFormsHandler implements IQueryHandler<ListIntakeFormsQuery> {
  constructor(private readonly forms: IntakeForms) {}

  execute(): Promise<IntakeFormPackage[]> {
    return this.forms.list();
  }
}
