import { type Checkout } from '@contracts/payments';
import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { capturePaypalOrder, createPaypalOrder } from '../api/checkout';
import { usePaypalNotice } from './paypal-notice';

/**
 * PayPal Checkout on `/pay-now/{id}`: PayPal's buttons (or the simulator's stand-in) approve a PayPal
 * order the server creates for this order; on approval the server captures it. The browser never sends
 * an amount. A declined instrument restarts the buttons so the buyer picks another; a cancel leaves the
 * order payable; PENDING says PayPal is still completing it.
 */
export function PaypalCheckout({
  orderId,
  checkout,
}: {
  orderId: string;
  checkout: Extract<Checkout, { integration: 'checkout' }>;
}) {
  const navigate = useNavigate();
  const { alert, setNotice, onCancel, onError } = usePaypalNotice();
  // A restart after a declined card opens PayPal again at once: the reason stays on the page meanwhile.
  const restarting = useRef(false);
  return (
    <div className="checkout__buttons">
      {alert}
      <PayPalScriptProvider
        options={{
          clientId: checkout.clientId,
          currency: 'USD',
          intent: 'capture',
          ...(checkout.sdkUrl ? { sdkBaseUrl: checkout.sdkUrl } : {}),
        }}
      >
        <PayPalButtons
          style={{ layout: 'vertical', label: 'pay' }}
          createOrder={async () => {
            if (!restarting.current) setNotice(null);
            restarting.current = false;
            try {
              return (await createPaypalOrder(orderId)).paypalOrderId;
            } catch (error) {
              setNotice({ tone: 'error', text: errorMessage(error) });
              throw error;
            }
          }}
          onApprove={async (_data, actions) => {
            try {
              const result = await capturePaypalOrder(orderId);
              if (result.outcome === 'declined') {
                setNotice({ tone: 'error', text: result.message });
                restarting.current = true;
                await actions.restart();
                return;
              }
              if (result.outcome === 'paid') {
                await navigate(`/received-payment/${encodeURIComponent(orderId)}`);
                return;
              }
              setNotice({
                tone: result.outcome === 'review' ? 'error' : 'info',
                text: result.message,
              });
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
