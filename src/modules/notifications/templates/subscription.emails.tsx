import { Button, Link, Text } from './email-components.js';
import type { ReactElement } from 'react';
import type { OrderMailProps } from '../../../contracts/orders.js';
import { SUBSCRIPTION_TEXTS } from '../../../contracts/subscriptions.js';
import type { MailTemplates } from '../../../platform/mail/mail.port.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

type SubscriptionEmailName =
  'subscriptionReceipt' | 'subscriptionPaymentFailed' | 'subscriptionChanged';

/** The words of an e-mail about a monthly plan: its subject, preview, heading and opening paragraph. */
interface Words {
  subject: string;
  heading: string;
  says: string;
}

/** The monthly order's details, as every e-mail about it shows them. */
function PlanDetails(props: OrderMailProps) {
  return (
    <>
      <Text style={labelStyle}>Package</Text>
      <Text style={textStyle}>{props.packageName} (monthly plan)</Text>
      <Text style={labelStyle}>Monthly price</Text>
      <Text style={textStyle}>${props.packagePrice} USD</Text>
      <Text style={labelStyle}>Order date</Text>
      <Text style={textStyle}>{props.orderDate}</Text>
      <Text style={labelStyle}>Name</Text>
      <Text style={textStyle}>{props.customerName}</Text>
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

function PlanEmail(props: OrderMailProps & { words: Words; children?: ReactElement }) {
  return (
    <EmailLayout
      preview={props.words.subject}
      heading={props.words.heading}
      footer={FOOTER_REASONS.order}
    >
      <Text style={textStyle}>{props.words.says}</Text>
      <PlanDetails {...props} />
      {props.children}
    </EmailLayout>
  );
}

const receiptWords = (props: MailTemplates['subscriptionReceipt']): Words => ({
  subject: `Payment receipt: ${props.packageName} package (month ${props.month})`,
  heading: 'Monthly payment received',
  says: `Thank you: your payment of $${props.amount} USD for month ${props.month} of the ${props.packageName} package is received.`,
});

const failedWords = (props: MailTemplates['subscriptionPaymentFailed']): Words => ({
  subject: `We could not take your monthly payment for ${props.packageName}`,
  heading: 'Your monthly payment did not go through',
  says: `PayPal could not take this month’s payment of $${props.packagePrice} USD for your ${props.packageName} plan. Please update your payment method at PayPal. PayPal will try again in the next few days; if the payment keeps failing, it suspends the plan.`,
});

/** Until when a cancelled plan's service runs: the end of the paid month. */
const until = (endsAt: string | null) =>
  endsAt
    ? `The service continues until ${endsAt}.`
    : 'The service continues to the end of the month you paid for.';

/** What changed, by whom, in the customer's words. */
export function subscriptionChangeWords(props: MailTemplates['subscriptionChanged']): Words {
  const plan = `your monthly ${props.packageName} plan`;
  switch (props.change) {
    case 'cancelled': {
      const who = {
        customer: `As you asked, ${plan} is cancelled`,
        admin: `We have cancelled ${plan}`,
        paypal: `PayPal cancelled ${plan}`,
      }[props.by];
      return {
        subject: `Your ${props.packageName} plan is cancelled`,
        heading: 'Monthly plan cancelled',
        says: `${who}: nothing more will be charged. ${until(props.endsAt)}`,
      };
    }
    case 'paused':
      return {
        subject: `Your ${props.packageName} plan is paused`,
        heading: 'Monthly plan paused',
        says: `${
          props.by === 'customer' ? `As you asked, ${plan} is paused` : `We have paused ${plan}`
        }: nothing is charged until it is resumed.`,
      };
    case 'suspended':
      return {
        subject: `Your ${props.packageName} plan is suspended`,
        heading: 'Monthly plan suspended',
        says: `PayPal suspended ${plan} because its payments failed: nothing is charged until the payment is fixed. The link to fix it at PayPal is in our e-mail about the failed payment, and on your orders page.`,
      };
    case 'resumed':
      return {
        subject: `Your ${props.packageName} plan is active again`,
        heading: 'Monthly plan resumed',
        says: `${plan.charAt(0).toUpperCase()}${plan.slice(1)} is active again: billing continues every month.`,
      };
    case 'ended':
      return {
        subject: `Your ${props.packageName} plan has ended`,
        heading: 'Monthly plan ended',
        says: `${plan.charAt(0).toUpperCase()}${plan.slice(1)} has ended: nothing more will be charged.`,
      };
  }
}

/** The e-mails about a monthly order's subscription, as the template map takes them. */
export const subscriptionEmailTemplates: {
  [Name in SubscriptionEmailName]: {
    subject: (props: MailTemplates[Name]) => string;
    body: (props: MailTemplates[Name]) => ReactElement;
  };
} = {
  /** To the customer for each later month's charge: the amount, its invoice, the next billing date. */
  subscriptionReceipt: {
    subject: (props) => receiptWords(props).subject,
    body: (props) => (
      <PlanEmail {...props} words={receiptWords(props)}>
        <>
          <Text style={labelStyle}>Amount paid</Text>
          <Text style={textStyle}>${props.amount} USD</Text>
          {props.nextBillingDate && (
            <>
              <Text style={labelStyle}>Next payment</Text>
              <Text style={textStyle}>{props.nextBillingDate}</Text>
            </>
          )}
          {props.invoiceUrl && (
            <Text style={labelStyle}>
              Your invoice {props.invoiceNumber} (PDF, once signed in):{' '}
              <Link href={props.invoiceUrl}>{props.invoiceUrl}</Link>
            </Text>
          )}
          <OrdersLink ordersUrl={props.ordersUrl} />
        </>
      </PlanEmail>
    ),
  },
  /** To the customer when PayPal could not take a charge: the link to fix it at PayPal. */
  subscriptionPaymentFailed: {
    subject: (props) => failedWords(props).subject,
    body: (props) => (
      <PlanEmail {...props} words={failedWords(props)}>
        <>
          <Button href={props.fixUrl} style={buttonStyle}>
            {SUBSCRIPTION_TEXTS.fixAtPaypal}
          </Button>
          <Text style={labelStyle} data-skip-in-text>
            Or open this link: <Link href={props.fixUrl}>{props.fixUrl}</Link>
          </Text>
          <OrdersLink ordersUrl={props.ordersUrl} />
        </>
      </PlanEmail>
    ),
  },
  /** To the customer when the plan is cancelled, paused, suspended, resumed or ends. */
  subscriptionChanged: {
    subject: (props) => subscriptionChangeWords(props).subject,
    body: (props) => (
      <PlanEmail {...props} words={subscriptionChangeWords(props)}>
        <>
          {props.reason && props.by === 'admin' && (
            <>
              <Text style={labelStyle}>Reason</Text>
              <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{props.reason}</Text>
            </>
          )}
          <OrdersLink ordersUrl={props.ordersUrl} />
        </>
      </PlanEmail>
    ),
  },
};
