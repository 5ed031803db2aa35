import { Button, Link, Text } from './email-components.js';
import type { ReactElement } from 'react';
import type { OrderMailProps } from '../../../contracts/orders.js';
import type { MailTemplateName, MailTemplates } from '../../../platform/mail/mail.port.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

type OrderEmailName = Extract<MailTemplateName, `order${string}`>;

/**
 * An e-mail about an order: its own words around the order's details, which every one of them shows
 * the same way. `then` is what follows the details (the Pay link, the customer's orders, ...).
 */
interface OrderEmail<Props extends OrderMailProps> {
  subject: (props: Props) => string;
  preview: (props: Props) => string;
  heading: (props: Props) => string;
  /** The opening paragraph. */
  says: (props: Props) => string;
  then: (props: Props) => ReactElement;
  /** Why the reader gets it: the customer's order, or the admin's role. */
  footer: (typeof FOOTER_REASONS)['order' | 'admin'];
}

function OrderDetails(props: OrderMailProps) {
  return (
    <>
      <Text style={labelStyle}>Package</Text>
      <Text style={textStyle}>{props.packageName}</Text>
      <Text style={labelStyle}>Price</Text>
      <Text style={textStyle}>${props.packagePrice} USD</Text>
      <Text style={labelStyle}>Order date</Text>
      <Text style={textStyle}>{props.orderDate}</Text>
      <Text style={labelStyle}>Name</Text>
      <Text style={textStyle}>{props.customerName}</Text>
    </>
  );
}

/** To the customer whose order is unpaid. */
function PayLinks({ payUrl }: { payUrl: string }) {
  return (
    <>
      <Button href={payUrl} style={buttonStyle}>
        Pay now
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={payUrl}>{payUrl}</Link>
      </Text>
    </>
  );
}

function OrdersLink({ ordersUrl }: { ordersUrl: string }) {
  return (
    <Text style={labelStyle}>
      Your orders: <Link href={ordersUrl}>{ordersUrl}</Link>
    </Text>
  );
}

/** The payment's invoice (downloaded signed in, like every order page), then the customer's orders. */
function ReceiptLinks(props: {
  ordersUrl: string;
  invoiceUrl: string | null;
  invoiceNumber: string | null;
}) {
  return (
    <>
      {props.invoiceUrl && (
        <Text style={labelStyle}>
          Your invoice {props.invoiceNumber} (PDF, once signed in):{' '}
          <Link href={props.invoiceUrl}>{props.invoiceUrl}</Link>
        </Text>
      )}
      <OrdersLink ordersUrl={props.ordersUrl} />
    </>
  );
}

/** Why an admin cancelled the order (the reason they gave), then the customer's orders. */
function CancelledLinks(props: { reason: string | null; ordersUrl: string }) {
  return (
    <>
      {props.reason && (
        <>
          <Text style={labelStyle}>Reason</Text>
          <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{props.reason}</Text>
        </>
      )}
      <OrdersLink ordersUrl={props.ordersUrl} />
    </>
  );
}

function AdminLinks(props: { customerEmail: string; orderUrl: string }) {
  return (
    <>
      <Text style={labelStyle}>Customer e-mail</Text>
      <Text style={textStyle}>{props.customerEmail}</Text>
      <Text style={labelStyle}>
        The order: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </>
  );
}

/** One layout for all: the e-mail's opening words, the order's details, then what follows them. */
function orderEmail<Name extends OrderEmailName>(email: OrderEmail<MailTemplates[Name]>) {
  return {
    subject: email.subject,
    body: (props: MailTemplates[Name]) => (
      <EmailLayout
        preview={email.preview(props)}
        heading={email.heading(props)}
        footer={email.footer}
      >
        <Text style={textStyle}>{email.says(props)}</Text>
        <OrderDetails {...props} />
        {email.then(props)}
      </EmailLayout>
    ),
  };
}

/**
 * Every e-mail about an order, by template name (the MailTemplates the orders module declares), as the
 * template map takes them: a subject and a body each.
 */
export const orderEmailTemplates: {
  [Name in OrderEmailName]: {
    subject: (props: MailTemplates[Name]) => string;
    body: (props: MailTemplates[Name]) => ReactElement;
  };
} = {
  /** To the customer, right after ordering: the order and how to pay it. */
  orderPlaced: orderEmail<'orderPlaced'>({
    subject: (props) => `Your order: ${props.packageName} package`,
    preview: (props) => `Your ${props.packageName} order`,
    heading: () => 'Thank you for your order',
    says: (props) =>
      `We have received your order of the ${props.packageName} package. It starts as soon as it is paid.`,
    then: PayLinks,
    footer: FOOTER_REASONS.order,
  }),
  /** To the customer, a day after ordering, when the order is still unpaid. */
  orderReminder: orderEmail<'orderReminder'>({
    subject: (props) => `Your ${props.packageName} order is waiting for payment`,
    preview: (props) => `Your ${props.packageName} order is waiting`,
    heading: () => 'Your order is waiting',
    says: (props) =>
      `Your order of the ${props.packageName} package is not paid yet. We start as soon as it is.`,
    then: PayLinks,
    footer: FOOTER_REASONS.order,
  }),
  /** To the customer once the payment is confirmed. */
  orderReceipt: orderEmail<'orderReceipt'>({
    subject: (props) => `Payment receipt: ${props.packageName} package`,
    preview: (props) => `Receipt for your ${props.packageName} order`,
    heading: () => 'Payment received',
    says: (props) =>
      `Thank you: your payment of $${props.packagePrice} USD for the ${props.packageName} package is received. We will be in touch about the next steps.`,
    then: ReceiptLinks,
    footer: FOOTER_REASONS.order,
  }),
  /** To the customer when an admin marks the order Delivered. */
  orderDelivered: orderEmail<'orderDelivered'>({
    subject: (props) => `Your ${props.packageName} order is delivered`,
    preview: (props) => `Your ${props.packageName} order is delivered`,
    heading: () => 'Order delivered',
    says: (props) => `Your ${props.packageName} order is delivered. Thank you for your trust.`,
    then: OrdersLink,
    footer: FOOTER_REASONS.order,
  }),
  /** To the customer when the payment is refunded in full through PayPal. */
  orderRefunded: orderEmail<'orderRefunded'>({
    subject: (props) => `Your ${props.packageName} payment is refunded`,
    preview: (props) => `Your ${props.packageName} payment is refunded`,
    heading: () => 'Payment refunded',
    says: (props) =>
      `Your payment of $${props.packagePrice} USD for the ${props.packageName} package is refunded through PayPal. It reaches your PayPal account or card within a few days.`,
    then: OrdersLink,
    footer: FOOTER_REASONS.order,
  }),
  /** To the customer when an admin cancels their unpaid order, with the reason the admin gave. */
  orderCancelled: orderEmail<'orderCancelled'>({
    subject: (props) => `Your ${props.packageName} order is cancelled`,
    preview: (props) => `Your ${props.packageName} order is cancelled`,
    heading: () => 'Order cancelled',
    says: (props) =>
      `We have cancelled your order of the ${props.packageName} package. It was not paid, so nothing was charged.`,
    then: CancelledLinks,
    footer: FOOTER_REASONS.order,
  }),
  /** To every admin: a new order, a payment, a cancellation, a refund, a dispute. */
  orderAdmin: orderEmail<'orderAdmin'>({
    subject: (props) => `${props.headline}: ${props.packageName}, $${props.packagePrice}`,
    preview: (props) => props.headline,
    heading: (props) => props.headline,
    says: (props) => props.detail,
    then: AdminLinks,
    footer: FOOTER_REASONS.admin,
  }),
};
