import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { IntakeFormVersion } from '../../../../contracts/intake.js';
import { IntakeForms } from '../../domain/intake-forms.js';
import { ListIntakeFormVersionsQuery } from './list-intake-form-versions.query.js';

@QueryHandler(ListIntakeFormVersionsQuery)
export class ListIntakeFormVersionsHandler implements IQueryHandler<ListIntakeFormVersionsQuery> {
  constructor(private readonly forms: IntakeForms) {}

  execute({ packageId }: ListIntakeFormVersionsQuery): Promise<IntakeFormVersion[]> {
    return this.forms.versions(packageId);
  }
}
