import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IntakeFormVersion } from '../../../../contracts/intake.js';
import { IntakeForms } from '../../domain/intake-forms.js';
import { RestoreIntakeFormCommand } from './restore-intake-form.command.js';

@CommandHandler(RestoreIntakeFormCommand)
export class RestoreIntakeFormHandler implements ICommandHandler<RestoreIntakeFormCommand> {
  constructor(private readonly forms: IntakeForms) {}

  execute({ packageId, versionId, actor }: RestoreIntakeFormCommand): Promise<IntakeFormVersion> {
    return this.forms.restore(packageId, versionId, actor);
  }
}
