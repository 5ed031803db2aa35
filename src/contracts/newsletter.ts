import { z } from 'zod';
import { AUTH_MESSAGES } from './identity.js';
import { requiredEmail } from './text-fields.js';

/**
 * The footer's newsletter sign-up, with double opt-in: shared by the server and the SPA.
 *
 * Public: POST /api/subscribers             Subscribe → 202 Notice (the same for a known address)
 *         POST /api/subscribers/confirm     SubscriberToken → 200 Notice | 400 invalid link
 *         POST /api/subscribers/unsubscribe SubscriberToken → 200 Notice | 400 invalid link
 * Admin:  GET  /api/admin/subscribers                   → Subscriber[], newest first
 * Seed:   POST /api/add-subscriber {subemail} → 201 Notice; GET /api/subscribers (admin) → Subscriber[]
 */

export const NEWSLETTER_MESSAGES = {
  /** The old site's alert, for a new, pending or already confirmed address alike. */
  requested: 'Subscribers Request is Sent',
  confirmed: 'Your subscription is confirmed. Thank you!',
  unsubscribed: 'You are unsubscribed. You will get no more newsletters.',
  invalidLink: AUTH_MESSAGES.invalidLink,
} as const;

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The footer form (spec: e-mail required). `subemail` is the old site's field name. */
export const subscribeSchema = z
  .strictObject({ subemail: requiredEmail('Email') })
  .meta({ id: 'Subscribe' });
export type SubscribeInput = z.input<typeof subscribeSchema>;
export type Subscribe = z.output<typeof subscribeSchema>;

/** The token of a confirmation or unsubscribe link. */
export const subscriberTokenSchema = z
  .strictObject({
    token: z
      .string({ error: NEWSLETTER_MESSAGES.invalidLink })
      .regex(/^[\w-]{20,200}$/, { error: NEWSLETTER_MESSAGES.invalidLink }),
  })
  .meta({ id: 'SubscriberToken' });
export type SubscriberToken = z.output<typeof subscriberTokenSchema>;

/** A subscriber as the admin reads it (the old admin's records: `_id`, `subemail`). */
export const subscriberSchema = z
  .object({
    _id: z.uuid(),
    subemail: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof subscriberSchema>;
