import { Query } from '@nestjs/cqrs';
import type { OrderIntake } from '../../../../contracts/intake.js';
import type { IntakeReader } from '../../domain/order-intakes.js';

/**
 * An order's questionnaire: the questions (its newest form) and the answers sent, for its customer
 * (by e-mail; anyone else's order is a 404) or, with every submission, for an admin.
 */
export class GetOrderIntakeQuery extends Query<OrderIntake> {
  constructor(
    readonly orderId: string,
    readonly reader: IntakeReader,
  ) {
    super();
  }
}
