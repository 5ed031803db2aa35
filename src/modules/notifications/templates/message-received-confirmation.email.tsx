import { Text } from './email-components.js';
import { FOOTER_REASONS } from './email-footers.js';
import { EmailLayout, textStyle } from './email-layout.js';

/**
 * Confirms to a visitor that their message arrived. It repeats nothing the visitor typed (not even the
 * name): anyone can type someone else's address into the contact form, so this mail must not carry
 * their text to it.
 */
export function MessageReceivedConfirmationEmail() {
  return (
    <EmailLayout
      preview="We have received your message"
      heading="Thank you for your message!"
      footer={FOOTER_REASONS.contact}
    >
      <Text style={textStyle}>
        We have received your message and will get back to you as soon as possible.
      </Text>
      <Text style={textStyle}>
        If you did not write to us, someone else entered your address; you can ignore this e-mail.
        You will not get another one like it today.
      </Text>
    </EmailLayout>
  );
}
