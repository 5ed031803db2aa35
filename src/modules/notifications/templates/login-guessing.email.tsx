import { Text } from './email-components.js';
import { ActionLink } from './account.emails.js';
import { FOOTER_REASONS } from './email-footers.js';
import { EmailLayout, labelStyle, textStyle } from './email-layout.js';

/** Told to an account's owner when its password is being guessed. Nothing in it comes from the guesser. */
export function LoginGuessingEmail(props: { resetUrl: string }) {
  return (
    <EmailLayout
      preview="Someone is trying to log in to your account"
      heading="Someone is trying to guess your password"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>
        Many attempts to log in to your account with a wrong password were made in the last few
        minutes. We slow such attempts down; you can still log in as usual.
      </Text>
      <Text style={textStyle}>
        If it was not you, choose a new password that you use nowhere else:
      </Text>
      <ActionLink href={props.resetUrl} label="Choose a new password" />
      <Text style={labelStyle}>If it was you, there is nothing to do.</Text>
    </EmailLayout>
  );
}
