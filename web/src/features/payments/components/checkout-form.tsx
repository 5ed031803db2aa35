import { formatMoney } from '@contracts/orders';
import { PER_MONTH } from '@contracts/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { useCheckout } from '../api/checkout';
import { PaypalCheckout } from './paypal-checkout';
import { PaypalSubscribe } from './paypal-subscribe';
import './checkout.css';

/**
 * `/pay-now/{id}`: the order's amount and how to pay it, through the shop's payment adapter: PayPal's
 * buttons (Checkout), PayPal's subscription buttons for a monthly plan (billed monthly until
 * cancelled), or a plain HTML form posted to PayPal by the browser with the fields the server
 * built (Payments Standard, spec §7); or the reason payments cannot be taken yet.
 */
export function CheckoutForm({ orderId }: { orderId: string }) {
  const checkout = useCheckout(orderId);
  if (checkout.isPending) return <PageLoading label="Preparing the payment…" />;
  if (checkout.isError) {
    return <QueryErrorAlert query={checkout} />;
  }
  const data = checkout.data;
  if (!data.ready) return <Alert tone="error">{data.message}</Alert>;
  const monthly = data.integration === 'subscription';
  const summary = (
    <dl className="checkout__summary">
      <div>
        <dt>Package</dt>
        <dd>{data.packageName}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>
          {formatMoney(data.amount)}
          {monthly && PER_MONTH} USD
        </dd>
      </div>
      {monthly && (
        <div>
          <dt>Billing</dt>
          <dd>Billed monthly through PayPal until you cancel.</dd>
        </div>
      )}
    </dl>
  );
  const mode = data.mode !== 'live' && (
    <p className="checkout__mode">
      {data.mode === 'simulator'
        ? 'Test mode: the built-in PayPal simulator takes the payment; no real money moves.'
        : 'Test mode: PayPal sandbox.'}
    </p>
  );
  if (data.integration === 'subscription') {
    return (
      <div className="checkout card">
        {summary}
        {mode}
        <PaypalSubscribe orderId={orderId} checkout={data} />
      </div>
    );
  }
  if (data.integration === 'checkout') {
    return (
      <div className="checkout card">
        {summary}
        {mode}
        <PaypalCheckout orderId={orderId} checkout={data} />
      </div>
    );
  }
  return (
    <form className="checkout card" method="post" action={data.action}>
      {summary}
      {data.fields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      {mode}
      <Button type="submit">Pay with PayPal</Button>
    </form>
  );
}
