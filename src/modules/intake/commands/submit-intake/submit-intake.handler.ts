import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderIntake } from '../../../../contracts/intake.js';
import { OrderIntakes } from '../../domain/order-intakes.js';
import { SubmitIntakeCommand } from './submit-intake.command.js';

@CommandHandler(SubmitIntakeCommand)
export class SubmitIntakeHandler implements ICommandHandler<SubmitIntakeCommand> {
  constructor(private readonly intakes: OrderIntakes) {}

  execute({ orderId, actor, input }: SubmitIntakeCommand): Promise<OrderIntake> {
    return this.intakes.submit(orderId, actor, input);
  }
}
