import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IntakeFormVersion } from '../../../../contracts/intake.js';
import { IntakeForms } from '../../domain/intake-forms.js';
import { SaveIntakeFormCommand } from './save-intake-form.command.js';

@CommandHandler(SaveIntakeFormCommand)
export class SaveIntakeFormHandler implements ICommandHandler<SaveIntakeFormCommand> {
  constructor(private readonly forms: IntakeForms) {}

  execute({ packageId, fields, actor }: SaveIntakeFormCommand): Promise<IntakeFormVersion> {
    return this.forms.save(packageId, fields, actor);
  }
}
