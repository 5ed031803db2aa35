import { Injectable } from '@nestjs/common';
import {
  type CampaignContent,
  CampaignMailer,
  type CampaignRecipient,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { renderEmail } from '../templates/email-templates.js';
import { MailOutbox } from './mail-outbox.js';
import { MailTransport } from './mail-transport.js';

/** Stands for each recipient's unsubscribe token in a campaign rendered once for all of them. */
const TOKEN_PLACEHOLDER = 'UNSUBSCRIBE-TOKEN-PLACEHOLDER-7f3a9c';
/** The token of the link in previews and test e-mails to an address that is not subscribed. */
const SAMPLE_TOKEN = 'sample-unsubscribe-link-of-a-preview';

/**
 * The CampaignMailer of platform/mail: rendered once per campaign (rendering is the costly part), then
 * sent to each recipient with its own one-click unsubscribe link, in the body and in the
 * List-Unsubscribe headers.
 */
@Injectable()
export class NewsletterMailer extends CampaignMailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly outbox: MailOutbox,
  ) {
    super();
  }

  unsubscribeUrl(token: string): string {
    return this.outbox.link('/newsletter/unsubscribe', token);
  }

  render(campaign: CampaignContent): Promise<RenderedCampaign> {
    return renderEmail('newsletterCampaign', {
      ...campaign,
      unsubscribeUrl: this.unsubscribeUrl(TOKEN_PLACEHOLDER),
    });
  }

  preview(campaign: CampaignContent): Promise<RenderedCampaign> {
    return renderEmail('newsletterCampaign', {
      ...campaign,
      unsubscribeUrl: this.unsubscribeUrl(SAMPLE_TOKEN),
    });
  }

  testProps(campaign: CampaignContent, unsubscribeToken: string | null) {
    return {
      ...campaign,
      subject: `[Test] ${campaign.subject}`,
      unsubscribeUrl: this.unsubscribeUrl(unsubscribeToken ?? SAMPLE_TOKEN),
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
    });
  }
}
