import { FOOTER_REASONS } from './email-footers.js';
import { EmailLayout } from './email-layout.js';
import { campaignHtml } from './markdown.js';
import type { NewsletterSender } from './newsletter.emails.js';
import { NewsletterFooter } from './newsletter-footer.js';

export interface NewsletterCampaignProps extends NewsletterSender {
  subject: string;
  /** Markdown, as the admin wrote it. */
  body: string;
  unsubscribeUrl: string;
}

/**
 * A newsletter: the admin's Markdown as HTML, with the visible unsubscribe link and the sender's postal
 * address every newsletter has.
 */
export function NewsletterCampaignEmail(props: NewsletterCampaignProps) {
  return (
    <EmailLayout
      preview={props.subject}
      heading={props.subject}
      footer={
        <NewsletterFooter
          reason={FOOTER_REASONS.newsletter}
          unsubscribeUrl={props.unsubscribeUrl}
        />
      }
      postalAddress={props.postalAddress}
    >
      <div dangerouslySetInnerHTML={{ __html: campaignHtml(props.body) }} />
    </EmailLayout>
  );
}
