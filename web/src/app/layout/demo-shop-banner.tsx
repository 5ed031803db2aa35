import { useSiteConfig } from '../../lib/site-config';
import './demo-shop-banner.css';

/**
 * On a shop that pays with the built-in PayPal simulator (PAYPAL_MODE=simulator), a strip above every
 * page, public, customer and admin alike: a visitor must never believe they paid for real. Rendered
 * with the page on the server (no shift when it hydrates); a landmark of its own, so screen readers
 * can find it.
 */
export function DemoShopBanner() {
  if (!useSiteConfig().simulatedPayments) return null;
  return (
    <aside className="demo-shop-banner" aria-label="Demo shop">
      <p>
        <strong>Demo shop:</strong> payments go to a PayPal simulator, and no real money moves.
      </p>
    </aside>
  );
}
