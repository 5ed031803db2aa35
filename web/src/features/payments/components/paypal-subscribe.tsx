import { type Checkout } from '@contracts/payments';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { activatePaypalSubscription, createPaypalSubscription } from '../api/subscriptions';
import { usePaypalNotice } from './paypal-notice';

/**
 * A monthly plan on `/pay-now/{id}`: PayPal's subscription buttons (or the simulator's stand-in)
 * approve a PayPal subscription the server creates for this order (its plan and price are the
 * server's); on approval the server asks PayPal whether it is active, never trusting the browser. A
 * cancel leaves the order payable; a subscription PayPal has not confirmed says so.
 */
export function PaypalSubscribe({
  orderId,
  checkout,
}: {
  orderId: string;
  checkout: Extract<Checkout, { integration: 'subscription' }>;
}) {
  const navigate = useNavigate();
  const { alert, setNotice, onCancel, onError } = usePaypalNotice();
  return (
    <div className="checkout__buttons">
      {alert}
      <PayPalScriptProvider
        options={{
          clientId: checkout.clientId,
          vault: true,
          intent: 'subscription',
          ...(checkout.sdkUrl ? { sdkBaseUrl: checkout.sdkUrl } : {}),
        }}
      >
        <PayPalButtons
          style={{ layout: 'vertical', label: 'subscribe' }}
          createSubscription={async () => {
            setNotice(null);
            try {
              return (await createPaypalSubscription(orderId)).subscriptionId;
            } catch (error) {
              setNotice({ tone: 'error', text: errorMessage(error) });
              throw error;
            }
          }}
          onApprove={async (data) => {
            try {
              const result = await activatePaypalSubscription(orderId, data.subscriptionID ?? '');
              if (result.outcome === 'active') {
                await navigate(`/received-payment/${encodeURIComponent(orderId)}`);
                return;
              }
              setNotice({ tone: 'error', text: result.message });
            } catch (error) {
              setNotice({ tone: 'error', text: errorMessage(error) });
            }
          }}
          onCancel={onCancel}
          onError={onError}
        />
      </PayPalScriptProvider>
    </div>
  );
}
