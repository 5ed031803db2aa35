import { Migration } from '@mikro-orm/migrations';

/**
 * Disputes PayPal reported on a payment (a webhook CUSTOMER.DISPUTE.*, an IPN new_case, Reversed or
 * Canceled_Reversal), once each however often PayPal reports them: a dispute is opened once and
 * resolved once. Verification jobs of messages received before the notification pipeline had its own
 * queue move to it.
 */
export class Migration20261203010000_payment_dispute extends Migration {
  override up(): void {
    this.addSql(`
      create table "payment_dispute" (
        "id" varchar(128) primary key,
        "order_id" uuid not null,
        "reason" text not null,
        "amount" numeric(12, 2) null,
        "currency" varchar(3) null,
        "outcome" text null check ("outcome" in ('seller', 'refunded', 'reversed')),
        "opened_at" timestamptz not null,
        "resolved_at" timestamptz null
      );`);
    this.addSql(`create index "payment_dispute_order_idx" on "payment_dispute" ("order_id");`);
    this.addSql(`
      update "outbox_event" set "queue" = 'payment-notifications', "type" = 'verify-payment-notification'
       where "type" in ('PaymentNotificationReceived', 'PaymentWebhookReceived')
         and "completed_at" is null;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "payment_dispute";`);
  }
}
