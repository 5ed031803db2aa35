import { PAYMENT_TEXTS } from '@contracts/payments';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';

export type PaypalNotice = { tone: 'info' | 'error'; text: string } | null;

/**
 * The notice above PayPal's buttons (Checkout's and the subscription's): what the server answered,
 * a cancel at PayPal (the order stays payable), or PayPal's script failing — shown unless the
 * server's error is on the page already (the script reports the same failure after it).
 */
export function usePaypalNotice() {
  const [notice, setNotice] = useState<PaypalNotice>(null);
  return {
    notice,
    setNotice,
    alert: notice && <Alert tone={notice.tone}>{notice.text}</Alert>,
    onCancel: () => setNotice({ tone: 'info', text: PAYMENT_TEXTS.cancelledAtPaypal }),
    onError: (error: unknown) =>
      setNotice((current) =>
        current?.tone === 'error'
          ? current
          : { tone: 'error', text: error instanceof Error ? error.message : String(error) },
      ),
  };
}
