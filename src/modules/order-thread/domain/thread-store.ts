import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_UNREAD_ORDERS,
  type MessageAuthor,
  type OrderMessage,
  type OrderMessageAttachment,
  type UnreadMessages,
} from '../../../contracts/order-thread.js';
import type { OrderThreadOrder } from './order-thread.events.js';

/**
 * Who reads a thread: a customer (only their own orders, never an internal note nor an admin's
 * address) or an admin (everything).
 */
export type ThreadViewer = { kind: 'customer'; email: string } | { kind: 'admin' };

/** The side whose messages a viewer has to read: the customer reads the agency's, and back. */
const otherSide = (viewer: ThreadViewer): MessageAuthor =>
  viewer.kind === 'customer' ? 'admin' : 'customer';

/** The viewer's read marker column of `order_thread` (a whitelist: never from input). */
const readColumn = (viewer: ThreadViewer) =>
  viewer.kind === 'customer' ? 'customer_read_seq' : 'admin_read_seq';

/** Agency messages a customer may see: never an internal note. */
const VISIBLE = (viewer: ThreadViewer, alias = 'm') =>
  viewer.kind === 'customer' ? `not ${alias}.internal` : 'true';

interface OrderRow {
  id: string;
  package_name: string;
  customer_name: string;
  customer_email: string;
}

/**
 * The order whose thread it is, if the viewer may see it: a customer only their own (by e-mail, as
 * orders name their customer); null otherwise (the caller answers 404, as for no order at all).
 */
export async function findThreadOrder(
  em: EntityManager,
  orderId: string,
  viewer: ThreadViewer,
): Promise<OrderThreadOrder | null> {
  const [row] = await em.execute<OrderRow[]>(
    `select id, package_name, customer_name, customer_email from "order"
      where id = ? and (? or customer_email = lower(?))`,
    [orderId, viewer.kind === 'admin', viewer.kind === 'customer' ? viewer.email : ''],
  );
  return row
    ? {
        orderId: row.id,
        packageName: row.package_name,
        customerName: row.customer_name,
        customerEmail: row.customer_email,
      }
    : null;
}

interface MessageRow {
  id: string;
  order_id: string;
  author: MessageAuthor;
  author_email: string;
  body: string;
  internal: boolean;
  created_at: Date | string;
  attachments: OrderMessageAttachment[] | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toMessage(row: MessageRow, viewer: ThreadViewer): OrderMessage {
  return {
    id: row.id,
    orderId: row.order_id,
    author: row.author,
    // Customers read "The agency", never an admin's address.
    authorEmail: viewer.kind === 'admin' || row.author === 'customer' ? row.author_email : null,
    body: row.body,
    internal: row.internal,
    attachments: row.attachments ?? [],
    createdAt: iso(row.created_at),
  };
}

/** The messages' columns, with their attachments in the order they were attached. */
const MESSAGE_COLUMNS = `
  m.id, m.order_id, m.author, m.author_email, m.body, m.internal, m.created_at,
  (select json_agg(json_build_object('id', f.id, 'filename', f.filename,
            'contentType', f.content_type, 'size', f.size) order by a.position)
     from order_message_attachment a join stored_file f on f.id = a.file_id
    where a.message_id = m.id) as attachments`;

/** The thread as the viewer sees it, oldest first (a customer's holds no internal note). */
export async function threadMessages(
  em: EntityManager,
  orderId: string,
  viewer: ThreadViewer,
): Promise<OrderMessage[]> {
  const rows = await em.execute<MessageRow[]>(
    `select ${MESSAGE_COLUMNS} from order_message m
      where m.order_id = ? and ${VISIBLE(viewer)} order by m.seq`,
    [orderId],
  );
  return rows.map((row) => toMessage(row, viewer));
}

/** One message as its author's side sees it (the answer to posting it). */
export async function oneMessage(
  em: EntityManager,
  messageId: string,
  viewer: ThreadViewer,
): Promise<OrderMessage> {
  const [row] = await em.execute<MessageRow[]>(
    `select ${MESSAGE_COLUMNS} from order_message m where m.id = ?`,
    [messageId],
  );
  if (!row) throw new Error(`order message ${messageId} not found after writing it`);
  return toMessage(row, viewer);
}

/** How many of the other side's messages on the order the viewer has not read. */
export async function unreadOnOrder(
  em: EntityManager,
  orderId: string,
  viewer: ThreadViewer,
): Promise<number> {
  const [row] = await em.execute<{ unread: string | number }[]>(
    `select count(*) as unread from order_message m
       left join order_thread t on t.order_id = m.order_id
      where m.order_id = ? and m.author = ? and ${VISIBLE(viewer)}
        and m.seq > coalesce(t.${readColumn(viewer)}, 0)`,
    [orderId, otherSide(viewer)],
  );
  return Number(row?.unread ?? 0);
}

/**
 * Everything on the order's thread is read by the viewer (a customer; the admins, who share one
 * marker). The marker only moves forward.
 */
export async function markThreadRead(
  em: EntityManager,
  orderId: string,
  viewer: ThreadViewer,
): Promise<void> {
  const column = readColumn(viewer);
  await em.execute(
    `insert into order_thread (order_id, ${column})
       values (?, coalesce((select max(seq) from order_message where order_id = ?), 0))
     on conflict (order_id) do update
       set ${column} = greatest(order_thread.${column}, excluded.${column})`,
    [orderId, orderId],
  );
}

interface UnreadRow {
  order_id: string;
  package_name: string;
  customer_name: string;
  unread: string | number;
  latest_at: Date | string;
}

/**
 * Orders with messages the viewer has not read, newest first: a customer's own orders (the agency's
 * messages, never a note), or every order for the admins (customers' messages no admin has read).
 */
export async function unreadMessages(
  em: EntityManager,
  viewer: ThreadViewer,
): Promise<UnreadMessages> {
  const rows = await em.execute<UnreadRow[]>(
    `select o.id as order_id, o.package_name, o.customer_name,
            count(*) as unread, max(m.created_at) as latest_at
       from order_message m
       join "order" o on o.id = m.order_id
       left join order_thread t on t.order_id = m.order_id
      where m.author = ? and ${VISIBLE(viewer)}
        and m.seq > coalesce(t.${readColumn(viewer)}, 0)
        and (? or o.customer_email = lower(?))
      group by o.id, o.package_name, o.customer_name
      order by max(m.seq) desc`,
    [otherSide(viewer), viewer.kind === 'admin', viewer.kind === 'customer' ? viewer.email : ''],
  );
  const orders = rows.map((row) => ({
    orderId: row.order_id,
    packageName: row.package_name,
    customerName: row.customer_name,
    unread: Number(row.unread),
    latestAt: iso(row.latest_at),
  }));
  return {
    total: orders.reduce((sum, order) => sum + order.unread, 0),
    orders: orders.slice(0, MAX_UNREAD_ORDERS),
  };
}

/** The files of `ids` uploaded for this order as `kind` (the others are refused). */
export async function orderAttachments(
  tx: EntityManager,
  orderId: string,
  ids: string[],
  kind: 'order-attachment' | 'internal-note',
): Promise<{ id: string; filename: string }[]> {
  if (ids.length === 0) return [];
  return tx.execute<{ id: string; filename: string }[]>(
    `select id, filename from stored_file
      where id in (${ids.map(() => '?').join(', ')}) and order_id = ? and kind = ?`,
    [...ids, orderId, kind],
  );
}

export interface NewMessage {
  id: string;
  orderId: string;
  author: MessageAuthor;
  authorAccountId: string | null;
  authorEmail: string;
  body: string;
  internal: boolean;
  /** File ids, in the order they were attached. */
  attachments: string[];
}

/** Writes a message and its attachments in `tx` (the transaction holding the order's row lock). */
export async function insertMessage(tx: EntityManager, message: NewMessage): Promise<void> {
  await tx.execute(
    `insert into order_message (id, order_id, author, author_account_id, author_email, body, internal)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [
      message.id,
      message.orderId,
      message.author,
      message.authorAccountId,
      message.authorEmail.toLowerCase(),
      message.body,
      message.internal,
    ],
  );
  for (const [position, fileId] of message.attachments.entries()) {
    await tx.execute(
      `insert into order_message_attachment (message_id, file_id, position) values (?, ?, ?)`,
      [message.id, fileId, position],
    );
  }
}

/**
 * Marks that an e-mail of the agency's messages to the customer is on its way: true when none was
 * (the caller records the delayed event that sends it), false when one already is (the message goes
 * into it). Holds the thread row's lock for the transaction, as the e-mail's handler does, so the
 * two never both miss a message.
 */
export async function claimCustomerMail(tx: EntityManager, orderId: string): Promise<boolean> {
  await tx.execute(`insert into order_thread (order_id) values (?) on conflict do nothing`, [
    orderId,
  ]);
  const [row] = await tx.execute<{ customer_mail_due: boolean }[]>(
    `select customer_mail_due from order_thread where order_id = ? for update`,
    [orderId],
  );
  if (row?.customer_mail_due) return false;
  await tx.execute(`update order_thread set customer_mail_due = true where order_id = ?`, [
    orderId,
  ]);
  return true;
}

export interface MailedMessage {
  at: string;
  body: string;
  attachmentNames: string[];
}

/**
 * Takes the e-mail that was on its way (under the thread row's lock): the agency's messages the
 * customer has neither read nor been e-mailed, oldest first, marked as e-mailed now. Empty when
 * the customer read them all meanwhile.
 */
export async function takeCustomerMail(
  tx: EntityManager,
  orderId: string,
): Promise<MailedMessage[]> {
  const [thread] = await tx.execute<{ customer_read_seq: string | number }[]>(
    `select customer_read_seq from order_thread where order_id = ? for update`,
    [orderId],
  );
  if (!thread) return [];
  await tx.execute(`update order_thread set customer_mail_due = false where order_id = ?`, [
    orderId,
  ]);
  const rows = await tx.execute<
    { seq: string; created_at: Date | string; body: string; attachment_names: string[] | null }[]
  >(
    `update order_message m set customer_notified_at = now()
      where m.order_id = ? and m.author = 'admin' and not m.internal
        and m.customer_notified_at is null and m.seq > ?
     returning m.seq, m.created_at, m.body,
       (select array_agg(f.filename order by a.position)
          from order_message_attachment a join stored_file f on f.id = a.file_id
         where a.message_id = m.id) as attachment_names`,
    [orderId, thread.customer_read_seq],
  );
  return rows
    .sort((a, b) => Number(a.seq) - Number(b.seq))
    .map((row) => ({
      at: iso(row.created_at),
      body: row.body,
      attachmentNames: row.attachment_names ?? [],
    }));
}
