import { Command } from '@nestjs/cqrs';
import type { IntakeAnswersInput, OrderIntake } from '../../../../contracts/intake.js';
import type { OrderActor } from '../../../orders/index.js';

/**
 * Sends (or corrects) an order's answers, by its customer or by an admin for them (audited): the first
 * time, the work starts and its due date is set. Answers the questionnaire as the actor reads it.
 */
export class SubmitIntakeCommand extends Command<OrderIntake> {
  constructor(
    readonly orderId: string,
    readonly actor: OrderActor,
    readonly input: IntakeAnswersInput,
  ) {
    super();
  }
}
