/**
 * The thread of an order: `<OrderThread order={order} viewer="customer" | "admin" />` on the order
 * page, and `<UnreadOrderMessages viewer=… />` (the unread messages per order, linking to each order
 * page) on the customer dashboard and the admin home.
 */
export { OrderThread } from './components/order-thread';
export { UnreadOrderMessages } from './components/unread-order-messages';
