import { Button, Link, Text } from './email-components.js';
import type { MailTemplates } from '../../../platform/mail/mail.port.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

/** A message's text as written: plain text with its line breaks (React escapes it, never HTML). */
const bodyStyle = { ...textStyle, whiteSpace: 'pre-wrap' as const, margin: '4px 0 0' };

function Files({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <Text style={labelStyle}>
      {names.length === 1 ? 'File attached' : `${names.length} files attached`}: {names.join(', ')}
    </Text>
  );
}

const messageTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }) + ' UTC';

type ToCustomer = MailTemplates['threadMessagesToCustomer'];

/** To the customer: the agency's messages on their order that they have not read yet. */
export function ThreadMessagesToCustomerEmail(props: ToCustomer) {
  const count = props.messages.length;
  return (
    <EmailLayout
      preview={`${count === 1 ? 'A new message' : `${count} new messages`} about your ${props.packageName} order`}
      heading={
        count === 1 ? 'A new message from the agency' : `${count} new messages from the agency`
      }
      footer={FOOTER_REASONS.order}
    >
      <Text style={textStyle}>
        Hello {props.customerName}, the agency wrote to you about your {props.packageName} order.
      </Text>
      {props.messages.map((message, index) => (
        <div key={index}>
          <Text style={labelStyle}>{messageTime(message.at)}</Text>
          {message.body && <Text style={bodyStyle}>{message.body}</Text>}
          <Files names={message.attachmentNames} />
        </div>
      ))}
      <Button href={props.orderUrl} style={buttonStyle}>
        Read and answer
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open your order: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

type ToAdmin = MailTemplates['threadMessageToAdmin'];

/** To each admin: a customer wrote on an order's thread. */
export function ThreadMessageToAdminEmail(props: ToAdmin) {
  return (
    <EmailLayout
      preview={`${props.customerName} wrote about their ${props.packageName} order`}
      heading="New message on an order"
      footer={FOOTER_REASONS.admin}
    >
      <Text style={textStyle}>
        {props.customerName} ({props.customerEmail}) wrote about their {props.packageName} order.
      </Text>
      <Text style={labelStyle}>Message</Text>
      {props.body && <Text style={bodyStyle}>{props.body}</Text>}
      <Files names={props.attachmentNames} />
      <Text style={labelStyle}>
        Answer on the order page: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

/** The order thread's e-mails, as the template map takes them. */
export const orderThreadEmailTemplates = {
  threadMessagesToCustomer: {
    subject: (props: ToCustomer) =>
      props.messages.length === 1
        ? `New message about your ${props.packageName} order`
        : `${props.messages.length} new messages about your ${props.packageName} order`,
    body: (props: ToCustomer) => <ThreadMessagesToCustomerEmail {...props} />,
  },
  threadMessageToAdmin: {
    subject: (props: ToAdmin) =>
      `New message from ${props.customerName}: ${props.packageName} order`,
    body: (props: ToAdmin) => <ThreadMessageToAdminEmail {...props} />,
  },
};
