import { Injectable } from '@nestjs/common';
import { CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN } from '../../../contracts/newsletter.js';
import {
  type CampaignContent,
  CampaignMailer,
  type CampaignRecipient,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { renderEmail } from '../templates/email-templates.js';
import { MailOutbox } from './mail-outbox.js';
import { MailTransport } from './mail-transport.js';
import { NewsletterSenderDetails } from './newsletter-sender.js';

/** Stands for each recipient's unsubscribe token in a campaign rendered once for all of them. */
const TOKEN_PLACEHOLDER = 'UNSUBSCRIBE-TOKEN-PLACEHOLDER-7f3a9c';

/**
 * The CampaignMailer of platform/mail: rendered once per campaign (rendering is the costly part), then
 * sent to each recipient with its own one-click unsubscribe link, in the body and in the
 * List-Unsubscribe headers. Previews and test e-mails have the test link, which unsubscribes nobody.
 */
@Injectable()
export class NewsletterMailer extends CampaignMailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly outbox: MailOutbox,
    private readonly sender: NewsletterSenderDetails,
  ) {
    super();
  }

  unsubscribeUrl(token: string): string {
    return this.outbox.link('/newsletter/unsubscribe', token);
  }

  async render(campaign: CampaignContent): Promise<RenderedCampaign> {
    return renderEmail(
      'newsletterCampaign',
      { ...campaign, unsubscribeUrl: this.unsubscribeUrl(TOKEN_PLACEHOLDER) },
      await this.sender.read(),
    );
  }

  async preview(campaign: CampaignContent): Promise<RenderedCampaign> {
    return renderEmail(
      'newsletterCampaign',
      { ...campaign, unsubscribeUrl: this.unsubscribeUrl(CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN) },
      await this.sender.read(),
    );
  }

  testProps(campaign: CampaignContent) {
    return {
      ...campaign,
      subject: `[Test] ${campaign.subject}`,
      unsubscribeUrl: this.unsubscribeUrl(CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN),
    };
  }

  async send(campaign: RenderedCampaign, recipient: CampaignRecipient): Promise<void> {
    const personal = (value: string) =>
      value.replaceAll(TOKEN_PLACEHOLDER, encodeURIComponent(recipient.unsubscribeToken));
    await this.transport.send({
      to: recipient.email,
      subject: campaign.subject,
      html: personal(campaign.html),
      text: personal(campaign.text),
      messageId: recipient.messageId,
      unsubscribeUrl: this.unsubscribeUrl(recipient.unsubscribeToken),
      newsletter: true,
    });
  }
}
