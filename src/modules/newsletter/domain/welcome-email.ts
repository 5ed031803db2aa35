import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_WELCOME_EMAIL, type WelcomeEmail } from '../../../contracts/newsletter-welcome.js';
import { NewsletterWelcome, WELCOME_EMAIL_ID } from './welcome-email.entity.js';

/** The welcome e-mail as subscribers get it now: the saved one, else the default text (enabled). */
export async function readWelcomeEmail(em: EntityManager): Promise<WelcomeEmail> {
  const row = await em.findOne(NewsletterWelcome, WELCOME_EMAIL_ID);
  return row ? welcomeEmailView(row) : defaultWelcomeEmail();
}

export const defaultWelcomeEmail = (): WelcomeEmail => ({
  enabled: true,
  ...DEFAULT_WELCOME_EMAIL,
  updatedAt: null,
  updatedBy: null,
});

export const welcomeEmailView = (row: NewsletterWelcome): WelcomeEmail => ({
  enabled: row.enabled,
  subject: row.subject,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

/**
 * Marks the subscriber welcomed, once in its lifetime: true for the one caller that gets to send the
 * welcome (the address is confirmed and was never welcomed), false for every other. Atomic, in the
 * caller's transaction, so two deliveries of the event (or two confirmations) cannot both send it.
 */
export async function claimWelcome(tx: EntityManager, subscriberId: string): Promise<boolean> {
  const rows = await tx.getConnection().execute<{ id: string }[]>(
    `update subscriber set welcomed_at = now()
      where id = ? and status = 'confirmed' and welcomed_at is null
      returning id`,
    [subscriberId],
    'all',
    tx.getTransactionContext(),
  );
  return rows.length === 1;
}
