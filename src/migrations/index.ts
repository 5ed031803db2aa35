import { type MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_contact_messages } from './Migration20261122000000_contact-messages.js';
import { Migration20261122010000_identity } from './Migration20261122010000_identity.js';
import { Migration20261122020000_content } from './Migration20261122020000_content.js';
import { Migration20261122030000_newsletter } from './Migration20261122030000_newsletter.js';
import { Migration20261123000000_durable_outbox } from './Migration20261123000000_durable-outbox.js';
import { Migration20261124000000_orders } from './Migration20261124000000_orders.js';
import { Migration20261124010000_payments } from './Migration20261124010000_payments.js';
import { Migration20261124020000_order_reminders } from './Migration20261124020000_order-reminders.js';
import { Migration20261125000000_paypal_checkout } from './Migration20261125000000_paypal-checkout.js';
import { Migration20261126000000_admin_inbox } from './Migration20261126000000_admin-inbox.js';
import { Migration20261126010000_subscribers_admin } from './Migration20261126010000_subscribers-admin.js';
import { Migration20261126020000_newsletter_campaigns } from './Migration20261126020000_newsletter-campaigns.js';
import { Migration20261127000000_audit_log } from './Migration20261127000000_audit-log.js';
import { Migration20261127010000_outbox_settled_indexes } from './Migration20261127010000_outbox-settled-indexes.js';
import { Migration20261128000000_audit_truncate_guard } from './Migration20261128000000_audit-truncate-guard.js';
import { Migration20261128100000_money_path } from './Migration20261128100000_money-path.js';
import { Migration20261201000000_content_version } from './Migration20261201000000_content-version.js';
import { Migration20261202000000_order_disputes } from './Migration20261202000000_order-disputes.js';
import { Migration20261202010000_paypal_simulator_disputes } from './Migration20261202010000_paypal-simulator-disputes.js';
import { Migration20261203000000_identity_version } from './Migration20261203000000_identity-version.js';
import { Migration20261203010000_payment_dispute } from './Migration20261203010000_payment-dispute.js';
import { Migration20261204000400_payment_account_active } from './Migration20261204000400_payment-account-active.js';
import { Migration20261205000200_media } from './Migration20261205000200_media.js';
import { Migration20261205000300_stored_files } from './Migration20261205000300_stored-files.js';
import { Migration20261206000100_invoices } from './Migration20261206000100_invoices.js';
import { Migration20261207000100_order_workspace } from './Migration20261207000100_order-workspace.js';
import { Migration20261208000100_intake } from './Migration20261208000100_intake.js';
import { Migration20261208000200_order_billing } from './Migration20261208000200_order-billing.js';
import { Migration20261208000300_order_thread } from './Migration20261208000300_order-thread.js';
import { Migration20261208000400_deliveries } from './Migration20261208000400_deliveries.js';
import { Migration20261208000500_internal_note_files } from './Migration20261208000500_internal-note-files.js';
import { Migration20261209000100_subscriptions } from './Migration20261209000100_subscriptions.js';
import { Migration20261210000100_paypal_simulator_subscriptions } from './Migration20261210000100_paypal-simulator-subscriptions.js';
import { Migration20261210000200_subscription_reconciled } from './Migration20261210000200_subscription-reconciled.js';
import { Migration20261211000100_subscriber_blocking } from './Migration20261211000100_subscriber-blocking.js';
import { Migration20261212000100_campaign_pause } from './Migration20261212000100_campaign-pause.js';
import { Migration20261212000300_bounce_notices } from './Migration20261212000300_bounce-notices.js';
import { Migration20261212000400_subscriber_import } from './Migration20261212000400_subscriber-import.js';
import { Migration20261212050000_newsletter_welcome } from './Migration20261212050000_newsletter-welcome.js';
import { Migration20261213001000_seo_redirects } from './Migration20261213001000_seo-redirects.js';
import { Migration20261213002100_seo_check } from './Migration20261213002100_seo-check.js';
import { Migration20261213003100_indexnow } from './Migration20261213003100_indexnow.js';
import { Migration20261214001000_content_drafts } from './Migration20261214001000_content-drafts.js';
import { Migration20261214002100_staff_roles } from './Migration20261214002100_staff-roles.js';
import { Migration20261214003000_staff_auth } from './Migration20261214003000_staff-auth.js';
import { Migration20261215000100_campaign_claim_index } from './Migration20261215000100_campaign-claim-index.js';
import { Migration20261216000100_totp_sealed } from './Migration20261216000100_totp-sealed.js';

/**
 * Every migration, oldest first, each under the name it is recorded by in `mikro_orm_migrations` (its
 * file's name): the migrator runs this list rather than reading the directory, so the server works as
 * one bundled file (`rolldown.server.config.ts`). A new migration is added here (a unit test checks that
 * the list and the directory agree).
 */
export const MIGRATIONS: readonly MigrationObject[] = [
  {
    name: 'Migration20261122000000_contact-messages',
    class: Migration20261122000000_contact_messages,
  },
  { name: 'Migration20261122010000_identity', class: Migration20261122010000_identity },
  { name: 'Migration20261122020000_content', class: Migration20261122020000_content },
  { name: 'Migration20261122030000_newsletter', class: Migration20261122030000_newsletter },
  { name: 'Migration20261123000000_durable-outbox', class: Migration20261123000000_durable_outbox },
  { name: 'Migration20261124000000_orders', class: Migration20261124000000_orders },
  { name: 'Migration20261124010000_payments', class: Migration20261124010000_payments },
  {
    name: 'Migration20261124020000_order-reminders',
    class: Migration20261124020000_order_reminders,
  },
  {
    name: 'Migration20261125000000_paypal-checkout',
    class: Migration20261125000000_paypal_checkout,
  },
  { name: 'Migration20261126000000_admin-inbox', class: Migration20261126000000_admin_inbox },
  {
    name: 'Migration20261126010000_subscribers-admin',
    class: Migration20261126010000_subscribers_admin,
  },
  {
    name: 'Migration20261126020000_newsletter-campaigns',
    class: Migration20261126020000_newsletter_campaigns,
  },
  { name: 'Migration20261127000000_audit-log', class: Migration20261127000000_audit_log },
  {
    name: 'Migration20261127010000_outbox-settled-indexes',
    class: Migration20261127010000_outbox_settled_indexes,
  },
  {
    name: 'Migration20261128000000_audit-truncate-guard',
    class: Migration20261128000000_audit_truncate_guard,
  },
  { name: 'Migration20261128100000_money-path', class: Migration20261128100000_money_path },
  {
    name: 'Migration20261201000000_content-version',
    class: Migration20261201000000_content_version,
  },
  { name: 'Migration20261202000000_order-disputes', class: Migration20261202000000_order_disputes },
  {
    name: 'Migration20261202010000_paypal-simulator-disputes',
    class: Migration20261202010000_paypal_simulator_disputes,
  },
  {
    name: 'Migration20261203000000_identity-version',
    class: Migration20261203000000_identity_version,
  },
  {
    name: 'Migration20261203010000_payment-dispute',
    class: Migration20261203010000_payment_dispute,
  },
  {
    name: 'Migration20261204000400_payment-account-active',
    class: Migration20261204000400_payment_account_active,
  },
  { name: 'Migration20261205000200_media', class: Migration20261205000200_media },
  { name: 'Migration20261205000300_stored-files', class: Migration20261205000300_stored_files },
  { name: 'Migration20261206000100_invoices', class: Migration20261206000100_invoices },
  {
    name: 'Migration20261207000100_order-workspace',
    class: Migration20261207000100_order_workspace,
  },
  { name: 'Migration20261208000100_intake', class: Migration20261208000100_intake },
  { name: 'Migration20261208000200_order-billing', class: Migration20261208000200_order_billing },
  { name: 'Migration20261208000300_order-thread', class: Migration20261208000300_order_thread },
  { name: 'Migration20261208000400_deliveries', class: Migration20261208000400_deliveries },
  {
    name: 'Migration20261208000500_internal-note-files',
    class: Migration20261208000500_internal_note_files,
  },
  { name: 'Migration20261209000100_subscriptions', class: Migration20261209000100_subscriptions },
  {
    name: 'Migration20261210000100_paypal-simulator-subscriptions',
    class: Migration20261210000100_paypal_simulator_subscriptions,
  },
  {
    name: 'Migration20261210000200_subscription-reconciled',
    class: Migration20261210000200_subscription_reconciled,
  },
  {
    name: 'Migration20261211000100_subscriber-blocking',
    class: Migration20261211000100_subscriber_blocking,
  },
  { name: 'Migration20261212000100_campaign-pause', class: Migration20261212000100_campaign_pause },
  { name: 'Migration20261212000300_bounce-notices', class: Migration20261212000300_bounce_notices },
  {
    name: 'Migration20261212000400_subscriber-import',
    class: Migration20261212000400_subscriber_import,
  },
  {
    name: 'Migration20261212050000_newsletter-welcome',
    class: Migration20261212050000_newsletter_welcome,
  },
  { name: 'Migration20261213001000_seo-redirects', class: Migration20261213001000_seo_redirects },
  { name: 'Migration20261213002100_seo-check', class: Migration20261213002100_seo_check },
  { name: 'Migration20261213003100_indexnow', class: Migration20261213003100_indexnow },
  { name: 'Migration20261214001000_content-drafts', class: Migration20261214001000_content_drafts },
  { name: 'Migration20261214002100_staff-roles', class: Migration20261214002100_staff_roles },
  { name: 'Migration20261214003000_staff-auth', class: Migration20261214003000_staff_auth },
  {
    name: 'Migration20261215000100_campaign-claim-index',
    class: Migration20261215000100_campaign_claim_index,
  },
  { name: 'Migration20261216000100_totp-sealed', class: Migration20261216000100_totp_sealed },
];
