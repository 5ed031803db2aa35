import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether the order's monthly subscription is live at PayPal (active or suspended): it takes, or may
 * take again, the order's charges, so the order is not cancelled under it (the subscription is). Read
 * from the payments module's table in the cancel's transaction, the order's row locked.
 */
export async function subscriptionLive(tx: EntityManager, orderId: string): Promise<boolean> {
  const rows = await tx.execute<{ one: number }[]>(
    `select 1 as one from subscription where order_id = ? and status in ('ACTIVE', 'SUSPENDED')`,
    [orderId],
  );
  return rows.length > 0;
}
