import { z } from 'zod';

/**
 * Bounce and complaint notices from mail providers (see the README's "Bounces and complaints"):
 *
 *   POST /api/newsletter/bounces/ses       Amazon SNS messages (SES notifications), signature verified
 *   POST /api/newsletter/bounces/postmark  Postmark's bounce and spam-complaint webhooks (basic auth or token)
 *   POST /api/newsletter/bounces/generic   GenericBounce, signed: X-Bounce-Signature: sha256=<hex HMAC>
 */
export const BOUNCE_PROVIDERS = ['ses', 'postmark', 'generic'] as const;
export type BounceProvider = (typeof BOUNCE_PROVIDERS)[number];

export const BOUNCE_KINDS = ['hard', 'soft', 'complaint'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

export const bouncesPath = (provider: BounceProvider) => `/api/newsletter/bounces/${provider}`;

/** The generic format's signature header: `sha256=` + hex HMAC-SHA256 of the body's exact bytes. */
export const GENERIC_BOUNCE_SIGNATURE_HEADER = 'x-bounce-signature';
/** Postmark's token header (or `?token=`), when NEWSLETTER_POSTMARK_TOKEN is set. */
export const POSTMARK_TOKEN_HEADER = 'x-postmark-token';

/** One notice in the generic format: `id` is the sender's, unique per notice (a replay is ignored). */
export const genericBounceSchema = z
  .strictObject({
    type: z.enum(BOUNCE_KINDS, { error: `type must be one of ${BOUNCE_KINDS.join(', ')}` }),
    email: z.email({ error: 'email must be an e-mail address' }).max(254),
    reason: z.string().trim().min(1).max(1000).optional(),
    occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' }),
    id: z.string().min(1).max(200),
    /** The Message-ID of the e-mail that bounced, when known (matches it to its campaign). */
    messageId: z.string().max(998).optional(),
  })
  .meta({ id: 'GenericBounce' });
export type GenericBounce = z.output<typeof genericBounceSchema>;

/**
 * An address the newsletter no longer mails because its provider reported a bounce or a complaint:
 * transactional mail (receipts, resets) still goes to it, and admins see this next to it.
 */
export const mailFlagSchema = z
  .object({
    status: z.enum(['bounced', 'complained']),
    reason: z.string().nullable(),
    since: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MailFlag' });
export type MailFlag = z.infer<typeof mailFlagSchema>;

/** What admins read next to a flagged address. */
export const mailFlagText = (flag: MailFlag) =>
  `Newsletter address ${flag.status}${flag.reason ? ` (${flag.reason})` : ''}`;

export const BOUNCE_TEXTS = {
  /** A campaign's test send to an admin whose own address bounced or complained (409). */
  testAddressBlocked: (flag: MailFlag) =>
    `${mailFlagText(flag)}: newsletters are not sent to it, so no test was sent`,
} as const;
