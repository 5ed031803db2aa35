import { Query } from '@nestjs/cqrs';

/**
 * Whether another capture of the order than the one holding `exceptToken` still holds it (see
 * HoldOrderForCaptureCommand): a capture that ended has released its hold, or made the order Paid.
 */
export class CaptureHeldByOtherQuery extends Query<boolean> {
  constructor(
    readonly orderId: string,
    readonly exceptToken: string,
  ) {
    super();
  }
}
