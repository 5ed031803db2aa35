import { Link } from '@react-email/components';
import { EmailLayout } from './email-layout.js';
import { campaignHtml } from './markdown.js';

export interface NewsletterCampaignProps {
  subject: string;
  /** Markdown, as the admin wrote it. */
  body: string;
  unsubscribeUrl: string;
}

/** A newsletter: the admin's Markdown as HTML, with the visible unsubscribe link every newsletter has. */
export function NewsletterCampaignEmail(props: NewsletterCampaignProps) {
  return (
    <EmailLayout
      preview={props.subject}
      heading={props.subject}
      footer={
        <>
          You receive this e-mail because this address is subscribed to the SEO Agency newsletter.
          To get no more newsletters: <Link href={props.unsubscribeUrl}>unsubscribe</Link>
        </>
      }
    >
      <div dangerouslySetInnerHTML={{ __html: campaignHtml(props.body) }} />
    </EmailLayout>
  );
}
