/**
 * What the composition root may use of the PayPal simulator: its Nest module, imported only with
 * PAYPAL_MODE=simulator. Nothing else imports it; payments knows it only by its address
 * (src/contracts/paypal-simulator.ts).
 */
export { PaypalSimulatorModule } from './paypal-simulator.module.js';
