import helmet from 'helmet';

/** PayPal's pages, buttons script and frames (Payments Standard's form, PayPal Checkout's buttons). */
const PAYPAL = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];

/**
 * Helmet's full set for HTML documents, with the content security policy of the SPA and its PayPal
 * buttons. `upgrade-insecure-requests` only when the site is served over https (PUBLIC_URL): on plain
 * http (a LAN or staging address) it would send the page's own scripts, font and logo to an https
 * address that does not answer.
 */
export function htmlSecurityHeaders(publicUrl: string): ReturnType<typeof helmet> {
  const https = new URL(publicUrl).protocol === 'https:';
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...PAYPAL],
        connectSrc: ["'self'", ...PAYPAL],
        frameSrc: ["'self'", 'https://www.youtube.com', ...PAYPAL],
        formAction: ["'self'", ...PAYPAL],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // PayPal Checkout's popup talks back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
