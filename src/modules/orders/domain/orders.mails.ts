import type { OrderMailProps } from '../../../contracts/orders.js';

/** The e-mails about orders (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    orderPlaced: OrderMailProps & { payUrl: string };
    orderReminder: OrderMailProps & { payUrl: string };
    orderReceipt: OrderMailProps & { ordersUrl: string };
    orderDelivered: OrderMailProps & { ordersUrl: string };
    orderRefunded: OrderMailProps & { ordersUrl: string };
    /** An admin cancelled the order: why (the reason they gave). */
    orderCancelled: OrderMailProps & { ordersUrl: string; reason: string | null };
    orderAdmin: OrderMailProps & { headline: string; detail: string; orderUrl: string };
  }
}
