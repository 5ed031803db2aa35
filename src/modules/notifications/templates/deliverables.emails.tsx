import { Button, Link, Text } from './email-components.js';
import type { MailTemplates } from '../../../platform/mail/mail.port.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

type WorkDeliveredProps = MailTemplates['workDelivered'];

/**
 * To the customer: the agency delivered files on their order. The note is the admin's plain text
 * (escaped like every prop, its line breaks kept); the files are downloaded signed in, on the order page.
 */
export function WorkDeliveredEmail(props: WorkDeliveredProps) {
  return (
    <EmailLayout
      preview={`Your ${props.packageName} work is ready`}
      heading={props.round > 1 ? 'Your updated work is ready' : 'Your work is ready'}
      footer={FOOTER_REASONS.order}
    >
      <Text style={textStyle}>
        {props.round > 1
          ? `We have delivered an updated version of your ${props.packageName} work (delivery ${props.round}).`
          : `We have delivered your ${props.packageName} work.`}{' '}
        Please look at it and approve it, or tell us what to change, on your order’s page.
      </Text>
      {props.note && (
        <>
          <Text style={labelStyle}>Our note</Text>
          <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{props.note}</Text>
        </>
      )}
      <Text style={labelStyle}>Files</Text>
      {props.filenames.map((name, index) => (
        <Text key={index} style={{ ...textStyle, margin: 0 }}>
          {name}
        </Text>
      ))}
      <Button href={props.orderUrl} style={buttonStyle}>
        Open your order
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={props.orderUrl}>{props.orderUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

export const deliverableEmailTemplates = {
  workDelivered: {
    subject: (props: WorkDeliveredProps) => `Your ${props.packageName} work is ready`,
    body: (props: WorkDeliveredProps) => <WorkDeliveredEmail {...props} />,
  },
};
