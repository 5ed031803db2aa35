import { Injectable } from '@nestjs/common';
import type { CampaignPreview } from '../../../contracts/campaigns.js';
import { renderEmail } from '../templates/email-templates.js';
import { MailOutbox } from './mail-outbox.js';
import { MailTransport } from './mail-transport.js';

/** Stands for each recipient's unsubscribe token in a campaign rendered once for all of them. */
const TOKEN_PLACEHOLDER = 'UNSUBSCRIBE-TOKEN-PLACEHOLDER-7f3a9c';
/** The token of the link in previews and test e-mails to an address that is not subscribed. */
const SAMPLE_TOKEN = 'sample-unsubscribe-link-of-a-preview';

export interface CampaignContent {
  subject: string;
  body: string;
}

/** A campaign rendered once: a recipient's copy only differs by the unsubscribe token. */
export interface RenderedCampaign {
  subject: string;
  html: string;
  text: string;
}

export interface CampaignRecipient {
  email: string;
  unsubscribeToken: string;
  /** The same for every attempt at the same recipient, so a receiver can recognise a repeat. */
  messageId: string;
}

/**
 * Newsletter e-mails: rendered once per campaign (rendering is the costly part), then sent to each
 * recipient with its own one-click unsubscribe link, in the body and in the List-Unsubscribe headers.
 */
@Injectable()
export class NewsletterMailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly outbox: MailOutbox,
  ) {}

  /** The unsubscribe URL: the page that asks to confirm (GET) and the one-click endpoint (POST). */
  unsubscribeUrl(token: string): string {
    return this.outbox.link('/newsletter/unsubscribe', token);
  }

  render(campaign: CampaignContent): Promise<RenderedCampaign> {
    return renderEmail('newsletterCampaign', {
      ...campaign,
      unsubscribeUrl: this.unsubscribeUrl(TOKEN_PLACEHOLDER),
    });
  }

  /** The e-mail as subscribers will get it, with a sample unsubscribe link. */
  preview(campaign: CampaignContent): Promise<CampaignPreview> {
    return renderEmail('newsletterCampaign', {
      ...campaign,
      unsubscribeUrl: this.unsubscribeUrl(SAMPLE_TOKEN),
    });
  }

  /** The props of a test e-mail (sent through the mail outbox), with the admin's token if any. */
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
