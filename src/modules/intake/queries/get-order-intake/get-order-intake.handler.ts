import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderIntake } from '../../../../contracts/intake.js';
import { OrderIntakes } from '../../domain/order-intakes.js';
import { GetOrderIntakeQuery } from './get-order-intake.query.js';

@QueryHandler(GetOrderIntakeQuery)
export class GetOrderIntakeHandler implements IQueryHandler<GetOrderIntakeQuery> {
  constructor(private readonly intakes: OrderIntakes) {}

  execute({ orderId, reader }: GetOrderIntakeQuery): Promise<OrderIntake> {
    return this.intakes.read(orderId, reader);
  }
}
