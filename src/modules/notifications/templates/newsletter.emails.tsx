import { Button, Link, Text } from './email-components.js';
import { FOOTER_REASONS } from './email-footers.js';
import { buttonStyle, EmailLayout, labelStyle, textStyle } from './email-layout.js';
import { NewsletterFooter } from './newsletter-footer.js';

/** What every newsletter e-mail carries besides its own props: the sender's postal address. */
export interface NewsletterSender {
  postalAddress?: string;
}

export function NewsletterConfirmationEmail(
  props: { confirmUrl: string; unsubscribeUrl: string } & NewsletterSender,
) {
  return (
    <EmailLayout
      preview="Confirm your newsletter subscription"
      heading="Confirm your subscription"
      footer={
        <NewsletterFooter
          reason={FOOTER_REASONS.newsletterSignUp}
          unsubscribeUrl={props.unsubscribeUrl}
        />
      }
      postalAddress={props.postalAddress}
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
