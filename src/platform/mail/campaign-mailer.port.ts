export interface CampaignContent {
  subject: string;
  /** Markdown, as the admin wrote it. */
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
 * Newsletter e-mails, sent by the newsletter module's batches rather than one outbox row each (the
 * injection token is this class; the notifications module implements it): rendered once per campaign,
 * then sent to each recipient with its own one-click unsubscribe link.
 */
export abstract class CampaignMailer {
  /** The unsubscribe URL: the page that asks to confirm (GET) and the one-click endpoint (POST). */
  abstract unsubscribeUrl(token: string): string;

  abstract render(campaign: CampaignContent): Promise<RenderedCampaign>;

  /** The e-mail as subscribers will get it, with a sample unsubscribe link. */
  abstract preview(campaign: CampaignContent): Promise<RenderedCampaign>;

  /**
   * The props of a test e-mail (sent through the Mailer): its unsubscribe link is the test link, which
   * works and unsubscribes nobody (not even an admin who is a subscriber).
   */
  abstract testProps(campaign: CampaignContent): CampaignContent & { unsubscribeUrl: string };

  abstract send(campaign: RenderedCampaign, recipient: CampaignRecipient): Promise<void>;
}
