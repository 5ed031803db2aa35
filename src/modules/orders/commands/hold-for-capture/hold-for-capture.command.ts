import { Command } from '@nestjs/cqrs';

/**
 * A capture of the order's payment is about to start: the order must be UnPaid, and until the hold is
 * released (or the order is Paid) no cancel and no offline payment can change it. Returns the hold's
 * token; a 409 naming why when the order cannot be paid.
 */
export class HoldOrderForCaptureCommand extends Command<string> {
  constructor(readonly orderId: string) {
    super();
  }
}

/** The capture that took `token` ended without money (declined, refused, PayPal unreachable). */
export class ReleaseCaptureHoldCommand extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}
