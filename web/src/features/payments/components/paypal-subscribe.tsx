import { type Checkout, PAYMENT_TEXTS } from '@contracts/payments';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';
import { activatePaypalSubscription, createPaypalSubscription } from '../api/subscriptions';

type Notice = { tone: 'info' | 'error'; text: string } | null;

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
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <div className="checkout__buttons">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
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
          onCancel={() => setNotice({ tone: 'info', text: PAYMENT_TEXTS.cancelledAtPaypal })}
          onError={(error) =>
            setNotice((current) =>
              current?.tone === 'error'
                ? current
                : { tone: 'error', text: error instanceof Error ? error.message : String(error) },
            )
          }
        />
      </PayPalScriptProvider>
    </div>
  );
}
