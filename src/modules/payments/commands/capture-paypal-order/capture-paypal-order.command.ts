import { Command } from '@nestjs/cqrs';
import type { CaptureResult } from '../../../../contracts/payments.js';

/** The buyer approved the payment at PayPal: capture it. */
export class CapturePaypalOrderCommand extends Command<CaptureResult> {
  constructor(
    readonly orderId: string,
    readonly customerEmail: string,
  ) {
    super();
  }
}
