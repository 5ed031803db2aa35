import { z } from 'zod';
import { campaignInputSchema } from './campaigns.js';

/**
 * The welcome e-mail: sent once to each subscriber when they confirm their subscription, written by
 * the admins like a campaign (a subject and a Markdown body, the same renderer and unsubscribe
 * footer), switched on or off. Shared by the server and the SPA.
 *
 * Admin: GET  /api/admin/newsletter/welcome          → WelcomeEmail (the default text until saved)
 *        PUT  /api/admin/newsletter/welcome          WelcomeEmailInput → WelcomeEmail
 *        POST /api/admin/newsletter/welcome/preview  CampaignInput → CampaignPreview (the real e-mail)
 *        POST /api/admin/newsletter/welcome/test     CampaignInput → 202 Notice (to the signed-in admin)
 */

export const WELCOME_TEXTS = {
  saved: 'Welcome e-mail is Saved',
  testSent: 'A test of the welcome e-mail is on its way to you',
  tooManyTests: 'Too many test e-mails. Please try again later.',
  enabledType: 'enabled must be true or false',
} as const;

/** What a subscriber gets while no admin has edited the welcome e-mail yet. */
export const DEFAULT_WELCOME_EMAIL = {
  subject: 'Welcome to the SEO Agency newsletter',
  body:
    'Thank you for confirming your subscription. You will get our news and search engine ' +
    'optimisation tips by e-mail.',
} as const;

/** What an admin saves: the switch, a subject and a Markdown body (as a campaign's). */
export const welcomeEmailInputSchema = campaignInputSchema
  .extend({ enabled: z.boolean({ error: WELCOME_TEXTS.enabledType }) })
  .meta({ id: 'WelcomeEmailInput' });
export type WelcomeEmailInput = z.input<typeof welcomeEmailInputSchema>;
export type WelcomeEmailFields = z.output<typeof welcomeEmailInputSchema>;

export const welcomeEmailSchema = z
  .object({
    enabled: z.boolean(),
    subject: z.string(),
    body: z.string(),
    /** The last save (null: the default text, never saved). */
    updatedAt: z.iso.datetime().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: 'WelcomeEmail' });
export type WelcomeEmail = z.infer<typeof welcomeEmailSchema>;

export const WELCOME_EMAIL_PATH = '/api/admin/newsletter/welcome';
