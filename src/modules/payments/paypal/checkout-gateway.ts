import type { Order } from '../../../contracts/orders.js';
import type { Checkout } from '../../../contracts/payments.js';
import { PAYPAL_SIMULATOR_SDK_PATH } from '../../../contracts/paypal-simulator.js';
import type { PaymentGateway } from '../domain/payment-gateway.js';
import type { PaypalSettings } from '../domain/paypal-settings.js';

/**
 * PayPal Checkout: the pay page shows PayPal's buttons (its JavaScript SDK, or the simulator's stand-in),
 * which ask this server to create and capture the PayPal order (CreatePaypalOrder, CapturePaypalOrder).
 */
export class CheckoutGateway implements PaymentGateway {
  readonly integration = 'checkout';

  constructor(private readonly settings: PaypalSettings) {}

  checkout(order: Order): Extract<Checkout, { integration: 'checkout' }> {
    return {
      ready: true,
      integration: 'checkout',
      mode: this.settings.mode,
      clientId: this.settings.clientId,
      sdkUrl: this.settings.mode === 'simulator' ? PAYPAL_SIMULATOR_SDK_PATH : null,
      packageName: order.packageName,
      amount: order.packagePrice,
    };
  }
}
