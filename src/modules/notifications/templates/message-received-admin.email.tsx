import { Link, Text } from './email-components.js';
import type { MailTemplates } from '../../../platform/mail/mail.port.js';
import { FOOTER_REASONS } from './email-footers.js';
import { EmailLayout, labelStyle, textStyle } from './email-layout.js';

type Props = MailTemplates['messageReceivedAdmin'];

/** Tells the agency's admins that a visitor wrote through the contact form. */
export function MessageReceivedAdminEmail(props: Props) {
  return (
    <EmailLayout
      preview={`${props.name}: ${props.subject}`}
      heading="New message from the website"
      footer={FOOTER_REASONS.admin}
    >
      <Text style={labelStyle}>From</Text>
      <Text style={textStyle}>
        {props.name} (<Link href={`mailto:${props.email}`}>{props.email}</Link>)
      </Text>
      {props.number && (
        <>
          <Text style={labelStyle}>Phone</Text>
          <Text style={textStyle}>{props.number}</Text>
        </>
      )}
      <Text style={labelStyle}>Subject</Text>
      <Text style={textStyle}>{props.subject}</Text>
      <Text style={labelStyle}>Message</Text>
      <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{props.message}</Text>
      <Text style={labelStyle}>
        The message in the inbox: <Link href={props.messageUrl}>{props.messageUrl}</Link>
      </Text>
      <Text style={labelStyle}>Reply to this e-mail to answer {props.name} directly.</Text>
    </EmailLayout>
  );
}
