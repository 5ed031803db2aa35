import type { CampaignContent } from '../../../platform/mail/campaign-mailer.port.js';

/** The e-mails newsletter asks for (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    newsletterConfirmation: { confirmUrl: string; unsubscribeUrl: string };
    /**
     * The admins' welcome e-mail (rendered as a campaign). Rows queued before it was editable carry
     * only the link: they get the default text.
     */
    newsletterWelcome: Partial<CampaignContent> & { unsubscribeUrl: string };
    /** A campaign (its test e-mail goes through the Mailer; the real one through CampaignMailer). */
    newsletterCampaign: CampaignContent & { unsubscribeUrl: string };
  }
}
