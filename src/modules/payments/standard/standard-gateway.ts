import type { Order } from '../../../contracts/orders.js';
import type { Checkout } from '../../../contracts/payments.js';
import type { PaymentGateway } from '../domain/payment-gateway.js';
import { checkoutUrl } from '../domain/paypal.js';
import type { PaypalSettings } from '../domain/paypal-settings.js';

/** Payments Standard: the `_xclick` form of spec §7, posted by the browser to PayPal. */
export class StandardGateway implements PaymentGateway {
  readonly integration = 'standard';

  constructor(
    private readonly settings: PaypalSettings,
    private readonly publicUrl: string,
  ) {}

  checkout(order: Order, receiver: string): Extract<Checkout, { integration: 'standard' }> {
    const link = (path: string) => new URL(path, this.publicUrl).toString();
    const fields: [string, string][] = [
      ['cmd', '_xclick'],
      ['business', receiver],
      ['item_number', '1'],
      ['item_name', order.packageName],
      ['amount', order.packagePrice],
      ['currency_code', 'USD'],
      ['no_shipping', '1'],
      ['custom', order._id],
      ['charset', 'utf-8'],
      ['return', link(`/received-payment/${order._id}`)],
      ['cancel_return', link(`/order-cancelled/${order._id}`)],
      ['notify_url', this.settings.ipnUrl],
    ];
    return {
      ready: true,
      integration: 'standard',
      action: checkoutUrl(this.settings.mode, this.publicUrl),
      mode: this.settings.mode,
      fields: fields.map(([name, value]) => ({ name, value })),
      packageName: order.packageName,
      amount: order.packagePrice,
    };
  }
}
