import { Injectable } from '@nestjs/common';
import { CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN } from '../../../contracts/newsletter.js';
import {
  type CampaignContent,
  CampaignMailer,
  type CampaignRecipient,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { loadEmailTemplates } from '../templates/load-email-templates.js';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { CampaignMime, TOKEN_PLACEHOLDER } from './campaign-mime.js';
import { MailOutbox } from './mail-outbox.js';
import { listHeaders, MailTransport } from './mail-transport.js';
import { NewsletterSenderDetails } from './newsletter-sender.js';

/**
 * The CampaignMailer of platform/mail: rendered once per campaign (rendering is the costly part), then
 * sent to each recipient with its own one-click unsubscribe link, in the body and in the
 * List-Unsubscribe headers. Previews and test e-mails have the test link, which unsubscribes nobody.
 * The MIME message itself is built once per rendered campaign too (CampaignMime): each copy only
 * writes its address, Message-ID, date and token into it and goes out as the template's shared bytes
 * with those few strings between them, over pipelined SMTP connections (MailTransport.sendData).
 */
@Injectable()
export class NewsletterMailer extends CampaignMailer {
  private readonly mime = new WeakMap<RenderedCampaign, Promise<CampaignMime | null>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const { renderEmail } = await loadEmailTemplates();
    const rendered = await renderEmail(
      'newsletterCampaign',
      { ...campaign, unsubscribeUrl: this.unsubscribeUrl(TOKEN_PLACEHOLDER) },
      await this.sender.read(),
    );
    // Its MIME template is compiled meanwhile, for the first copy (a failure builds each copy instead).
    void this.mimeOf(rendered);
    return rendered;
  }

  async preview(campaign: CampaignContent): Promise<RenderedCampaign> {
    const { renderEmail } = await loadEmailTemplates();
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
    const mime = await this.mimeOf(campaign);
    const copy = {
      to: recipient.email,
      messageId: recipient.messageId,
      unsubscribeToken: recipient.unsubscribeToken,
    };
    if (mime?.fits(copy)) {
      const envelope = { from: mime.envelopeFrom, to: copy.to };
      await (this.transport.smtp
        ? this.transport.sendData(mime.data(copy), envelope)
        : this.transport.sendRaw(mime.copy(copy), envelope, copy.messageId));
      return;
    }
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

  /** The campaign's MIME template, built once per rendered campaign (null: each copy is built). */
  private mimeOf(campaign: RenderedCampaign): Promise<CampaignMime | null> {
    let mime = this.mime.get(campaign);
    if (!mime) {
      mime = CampaignMime.compile({
        from: this.config.MAIL_FROM,
        subject: campaign.subject,
        html: campaign.html,
        text: campaign.text,
        headers: listHeaders(
          {
            to: '',
            subject: campaign.subject,
            html: '',
            text: '',
            messageId: '',
            unsubscribeUrl: this.unsubscribeUrl(TOKEN_PLACEHOLDER),
            newsletter: true,
          },
          this.config.PUBLIC_URL,
        )!,
      }).catch(() => null);
      this.mime.set(campaign, mime);
    }
    return mime;
  }
}
