import type { OrderMailProps } from '../../../contracts/orders.js';

/** The e-mails about orders (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    orderPlaced: OrderMailProps & { payUrl: string };
    orderReminder: OrderMailProps & { payUrl: string };
    /** With the payment's invoice (its PDF's URL and number) when it has one. */
    orderReceipt: OrderMailProps & {
      ordersUrl: string;
      invoiceUrl: string | null;
      invoiceNumber: string | null;
    };
    orderDelivered: OrderMailProps & { ordersUrl: string };
    orderRefunded: OrderMailProps & { ordersUrl: string };
    /** An admin cancelled the order: why (the reason they gave). */
    orderCancelled: OrderMailProps & { ordersUrl: string; reason: string | null };
    orderAdmin: OrderMailProps & { headline: string; detail: string; orderUrl: string };
  }
}
