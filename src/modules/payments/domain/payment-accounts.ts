import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { PaymentAccount } from './payment-account.entity.js';

/** The receiving e-mail the simulator's demo shop starts with, so a fresh start can take a payment. */
export const DEMO_PAYPAL_EMAIL = 'payments@seo-agency.test';

/**
 * Serialises changes to the receiving e-mails (adding the first, switching, removing), so that one is
 * active whenever any is stored however two admins' clicks interleave.
 */
export const LOCK_PAYMENT_ACCOUNTS_SQL =
  "select pg_advisory_xact_lock(hashtext('payment_account'))";

@Injectable()
export class PaymentAccounts implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The checkout's `business`: the active receiving e-mail, or none. */
  async receivingEmail(em: EntityManager = this.em.fork()): Promise<string | null> {
    const account = await em.findOne(PaymentAccount, { active: true }, { fields: ['paypalEmail'] });
    return account?.paypalEmail ?? null;
  }

  /** In simulator mode, the demo content includes a receiving e-mail (once, whichever process is first). */
  async onModuleInit(): Promise<void> {
    if (this.config.PAYPAL_MODE !== 'simulator') return;
    await this.em.fork().transactional(async (tx) => {
      await tx.execute(LOCK_PAYMENT_ACCOUNTS_SQL);
      if ((await tx.count(PaymentAccount, {})) > 0) return;
      const now = new Date();
      tx.create(PaymentAccount, {
        id: randomUUID(),
        paypalEmail: DEMO_PAYPAL_EMAIL,
        active: true,
        updatedBy: null,
        createdAt: now,
        updatedAt: now,
      });
    });
  }
}
