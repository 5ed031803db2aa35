import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

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

/** To the customer, right after ordering: the order and how to pay it. */
export function OrderPlacedEmail(props: OrderMailProps & { payUrl: string }) {
  return (
    <EmailLayout preview={`Your ${props.packageName} order`} heading="Thank you for your order">
      <Text style={textStyle}>
        We have received your order of the {props.packageName} package. It starts as soon as it is
        paid.
      </Text>
      <OrderDetails {...props} />
      <Button href={props.payUrl} style={buttonStyle}>
        Pay now
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={props.payUrl}>{props.payUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** To the customer, a day after ordering, when the order is still unpaid. */
export function OrderReminderEmail(props: OrderMailProps & { payUrl: string }) {
  return (
    <EmailLayout
      preview={`Your ${props.packageName} order is waiting`}
      heading="Your order is waiting"
    >
      <Text style={textStyle}>
        Your order of the {props.packageName} package is not paid yet. We start as soon as it is.
      </Text>
      <OrderDetails {...props} />
      <Button href={props.payUrl} style={buttonStyle}>
        Pay now
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={props.payUrl}>{props.payUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** To the customer once the payment is confirmed. */
export function OrderReceiptEmail(props: OrderMailProps & { ordersUrl: string }) {
  return (
    <EmailLayout preview={`Receipt for your ${props.packageName} order`} heading="Payment received">
      <Text style={textStyle}>
        Thank you: your payment of ${props.packagePrice} USD for the {props.packageName} package is
        received. We will be in touch about the next steps.
      </Text>
      <OrderDetails {...props} />
      <Text style={labelStyle}>
        Your orders: <Link href={props.ordersUrl}>{props.ordersUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** To the customer when an admin marks the order Delivered. */
export function OrderDeliveredEmail(props: OrderMailProps & { ordersUrl: string }) {
  return (
    <EmailLayout preview={`Your ${props.packageName} order is delivered`} heading="Order delivered">
      <Text style={textStyle}>
        Your {props.packageName} order is delivered. Thank you for your trust.
      </Text>
      <OrderDetails {...props} />
      <Text style={labelStyle}>
        Your orders: <Link href={props.ordersUrl}>{props.ordersUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** To the customer when the payment is refunded in full through PayPal. */
export function OrderRefundedEmail(props: OrderMailProps & { ordersUrl: string }) {
  return (
    <EmailLayout
      preview={`Your ${props.packageName} payment is refunded`}
      heading="Payment refunded"
    >
      <Text style={textStyle}>
        Your payment of ${props.packagePrice} USD for the {props.packageName} package is refunded
        through PayPal. It reaches your PayPal account or card within a few days.
      </Text>
      <OrderDetails {...props} />
      <Text style={labelStyle}>
        Your orders: <Link href={props.ordersUrl}>{props.ordersUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** To every admin: a new order, a payment, or a cancellation. */
export function OrderAdminEmail(
  props: OrderMailProps & { headline: string; detail: string; orderUrl: string },
) {
  return (
    <EmailLayout preview={props.headline} heading={props.headline}>
      <Text style={textStyle}>{props.detail}</Text>
      <OrderDetails {...props} />
      <Text style={labelStyle}>Customer e-mail</Text>
      <Text style={textStyle}>{props.customerEmail}</Text>
      <Text style={labelStyle}>
        The order: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </EmailLayout>
  );
}
