import { Button, Link, Text } from '@react-email/components';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';

/** Why the reader gets a newsletter e-mail, and the way out (every newsletter e-mail has it). */
function NewsletterFooter({ unsubscribeUrl }: { unsubscribeUrl: string }) {
  return (
    <>
      You receive this e-mail because this address was signed up for the SEO Agency newsletter. To
      get no more newsletters: <Link href={unsubscribeUrl}>unsubscribe</Link>
    </>
  );
}

export function NewsletterConfirmationEmail(props: { confirmUrl: string; unsubscribeUrl: string }) {
  return (
    <EmailLayout
      preview="Confirm your newsletter subscription"
      heading="Confirm your subscription"
      footer={<NewsletterFooter unsubscribeUrl={props.unsubscribeUrl} />}
    >
      <Text style={textStyle}>
        Someone, hopefully you, asked for the SEO Agency newsletter at this address. Please confirm
        that you want it. The link works once, for seven days.
      </Text>
      <Button href={props.confirmUrl} style={buttonStyle}>
        Confirm my subscription
      </Button>
      <Text style={labelStyle} data-skip-in-text>
        Or open this link: <Link href={props.confirmUrl}>{props.confirmUrl}</Link>
      </Text>
      <Text style={labelStyle}>
        If it was not you, ignore this e-mail: without your confirmation you get no newsletter.
      </Text>
    </EmailLayout>
  );
}

export function NewsletterWelcomeEmail(props: { unsubscribeUrl: string }) {
  return (
    <EmailLayout
      preview="Your newsletter subscription is confirmed"
      heading="Welcome to our newsletter"
      footer={<NewsletterFooter unsubscribeUrl={props.unsubscribeUrl} />}
    >
      <Text style={textStyle}>
        Thank you for confirming your subscription. You will get our news and search engine
        optimisation tips by e-mail.
      </Text>
    </EmailLayout>
  );
}
