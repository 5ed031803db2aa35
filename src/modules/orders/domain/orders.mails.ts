/** What every order e-mail shows of the order. */
export interface OrderMailProps {
  orderId: string;
  packageName: string;
  /** Exact decimal string with two places. */
  packagePrice: string;
  customerName: string;
  customerEmail: string;
  /** MM/DD/YYYY. */
  orderDate: string;
}

/** The e-mails about orders (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    orderPlaced: OrderMailProps & { payUrl: string };
    orderReminder: OrderMailProps & { payUrl: string };
    orderReceipt: OrderMailProps & { ordersUrl: string };
    orderDelivered: OrderMailProps & { ordersUrl: string };
    orderRefunded: OrderMailProps & { ordersUrl: string };
    orderAdmin: OrderMailProps & { headline: string; detail: string; orderUrl: string };
  }
}
