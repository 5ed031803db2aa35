import { Text } from '@react-email/components';
import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import { EmailLayout, labelStyle, textStyle } from './email-layout.js';

type Props = Pick<DomainEventPayloads['MessageReceived'], 'name' | 'subject' | 'message'>;

/** Confirms to a visitor that their message arrived. */
export function MessageReceivedConfirmationEmail(props: Props) {
  return (
    <EmailLayout preview="We have received your message" heading={`Thank you, ${props.name}!`}>
      <Text style={textStyle}>
        We have received your message and will get back to you as soon as possible.
      </Text>
      <Text style={labelStyle}>Your message: {props.subject}</Text>
      <Text style={{ ...textStyle, whiteSpace: 'pre-wrap' }}>{props.message}</Text>
    </EmailLayout>
  );
}
