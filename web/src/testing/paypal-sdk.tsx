import { jest } from '@jest/globals';
import { type ReactNode } from 'react';

interface FakeButtonsProps {
  style?: { label?: string };
  createSubscription?: () => Promise<string>;
  onApprove?: (data: { subscriptionID?: string }) => Promise<void>;
  onCancel?: () => void;
}

/** The options the page gave PayPal's script, per render. */
export const scriptOptions: Record<string, unknown>[] = [];

/**
 * Import before the component under test: PayPal's SDK (@paypal/react-paypal-js) stands in as two
 * buttons: `PayPal {label}` (the buyer approves at PayPal: createSubscription, then onApprove with
 * its id) and `Close PayPal` (onCancel).
 */
jest.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({
    options,
    children,
  }: {
    options: Record<string, unknown>;
    children: ReactNode;
  }) => {
    scriptOptions.push(options);
    return children;
  },
  PayPalButtons: ({ style, createSubscription, onApprove, onCancel }: FakeButtonsProps) => (
    <div>
      <button
        type="button"
        onClick={async () => {
          try {
            const subscriptionID = await createSubscription!();
            await onApprove!({ subscriptionID });
          } catch {
            // The component shows the reason itself.
          }
        }}
      >
        PayPal {style?.label}
      </button>
      <button type="button" onClick={() => onCancel!()}>
        Close PayPal
      </button>
    </div>
  ),
}));
