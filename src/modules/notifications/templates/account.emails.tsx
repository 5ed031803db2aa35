import { Button, Link, Text } from './email-components.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

/** A link the reader follows, with the address spelled out for clients that hide buttons. */
export function ActionLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Button href={href} style={buttonStyle}>
        {label}
      </Button>
      {/* The plain-text part has the address under the button already. */}
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={href}>{href}</Link>
      </Text>
    </>
  );
}

export function EmailVerificationEmail(props: { verifyUrl: string }) {
  return (
    <EmailLayout
      preview="Verify your e-mail address"
      heading="Verify your e-mail address"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>Welcome! Please confirm that this address is yours.</Text>
      <ActionLink href={props.verifyUrl} label="Verify my e-mail" />
      <Text style={labelStyle}>If you did not create an account, ignore this e-mail.</Text>
    </EmailLayout>
  );
}

export function PasswordResetEmail(props: { resetUrl: string }) {
  return (
    <EmailLayout
      preview="Reset your password"
      heading="Reset your password"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>
        Someone asked to reset the password of your account. The link works once, for one hour.
      </Text>
      <ActionLink href={props.resetUrl} label="Choose a new password" />
      <Text style={labelStyle}>
        If it was not you, ignore this e-mail: your password stays as it is.
      </Text>
    </EmailLayout>
  );
}

export function PasswordChangedEmail(props: { resetUrl: string }) {
  return (
    <EmailLayout
      preview="Your password was changed"
      heading="Your password was changed"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>
        The password of your account was just changed, and its other sessions were signed out.
      </Text>
      <Text style={textStyle}>If it was not you, choose a new password now:</Text>
      <ActionLink href={props.resetUrl} label="Reset my password" />
    </EmailLayout>
  );
}

export function RegistrationAttemptEmail(props: { loginUrl: string; resetUrl: string }) {
  return (
    <EmailLayout
      preview="Someone tried to register with your e-mail"
      heading="You already have an account"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>
        Someone tried to register a new account with this e-mail address, which already has one.
        Nothing was changed.
      </Text>
      <ActionLink href={props.loginUrl} label="Log in" />
      <Text style={labelStyle}>
        Forgot your password? <Link href={props.resetUrl}>Choose a new one</Link>
      </Text>
    </EmailLayout>
  );
}

export function StaffInvitationEmail(props: { invitationUrl: string; validHours: number }) {
  return (
    <EmailLayout
      preview="You are invited to the admin area"
      heading="You are invited to the admin area"
      footer={FOOTER_REASONS.account}
    >
      <Text style={textStyle}>
        An admin has given you access to the site&apos;s admin area. Choose your password to sign
        in. The link works once, for {props.validHours} hours.
      </Text>
      <ActionLink href={props.invitationUrl} label="Choose my password" />
      <Text style={labelStyle}>If you did not expect this, ignore this e-mail.</Text>
    </EmailLayout>
  );
}
