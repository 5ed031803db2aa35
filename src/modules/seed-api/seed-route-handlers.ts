import { HttpStatus, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type AdminUser, adminUserInputSchema } from '../../contracts/identity.js';
import {
  markMessageReadSchema,
  MESSAGE_TEXTS,
  sendMessageSchema,
} from '../../contracts/messages.js';
import { NEWSLETTER_MESSAGES, subscribeSchema } from '../../contracts/newsletter.js';
import { ORDER_TEXTS, updateOrderStatusSchema } from '../../contracts/orders.js';
import { savePaymentAccountSchema } from '../../contracts/payments.js';
import type { AuthContext } from '../../platform/auth/access.js';
import { auditActorOf } from '../../platform/audit/audit-actor.js';
import { requireRecordId } from '../../platform/http/record-id.js';
import { fieldMessages, ValidationFailedException } from '../../platform/http/validation.js';
import {
  CreateEntryCommand,
  GetEntryQuery,
  ListEntriesQuery,
  UpdateEntryCommand,
} from '../content/index.js';
import {
  AddAdminUserCommand,
  GetAdminUserQuery,
  ListAdminUsersQuery,
  UpdateAdminUserCommand,
} from '../identity/index.js';
import {
  GetMessageQuery,
  ListMessagesQuery,
  MarkMessageReadCommand,
  SendMessageCommand,
} from '../messages/index.js';
import { ListSubscribersQuery, SubscribeCommand } from '../newsletter/index.js';
import {
  CancelOrderCommand,
  FindOrderQuery,
  ListOrdersQuery,
  type OrderActor,
  type OrderScope,
  PlaceOrderCommand,
  SetDeliveryStatusCommand,
} from '../orders/index.js';
import {
  GetPaymentAccountQuery,
  ListPaymentAccountsQuery,
  SavePaymentAccountCommand,
} from '../payments/index.js';
import {
  seedCancelOrderSchema,
  seedNewOrderSchema,
  seedOrderListQuerySchema,
} from './seed-bodies.js';
import type { SeedTarget } from './seed-routes.js';

export interface SeedCall {
  target: SeedTarget;
  id: string;
  body: unknown;
  /** The query string's parameters. */
  query: unknown;
  /** The caller's address (for the per-IP limits). */
  ip: string;
  /** Set for customer and admin routes. */
  auth?: AuthContext;
}

export interface SeedAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function parse<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationFailedException(fieldMessages(result.error.issues));
  return result.data;
}

/** The old admin form sends `email` on some screens and `userEmail` on others (spec §3 User). */
function adminUserInput(body: unknown) {
  const record = { ...(body as Record<string, unknown>) };
  if (record.userEmail === undefined && record.email !== undefined) record.userEmail = record.email;
  delete record.email;
  delete record._id;
  return parse(adminUserInputSchema, record);
}

/** The old contact form also sends its hidden `messageStatus: 'UnRead'`, which every new message has. */
function messageInput(body: unknown) {
  const record = { ...(body as Record<string, unknown>) };
  if (record.messageStatus === 'UnRead') delete record.messageStatus;
  return parse(sendMessageSchema, record);
}

/** The seed's records carry a string `_id`. */
function seedRecord<T extends { id: string }>(record: T) {
  const { id, ...fields } = record;
  return { _id: id, ...fields };
}

/** An admin user as the seed's screens read it: `userEmail`, and `email` for the screens that say so. */
const seedAdminUser = (user: AdminUser) => ({ ...seedRecord(user), email: user.userEmail });

/** GET /orders and /order/{id}: a customer's own orders; an admin's, every order. */
const orderScopeOf = (auth: AuthContext): OrderScope =>
  auth.account.isAdmin ? 'all' : { customerEmail: auth.account.email };

const ok = (body: unknown): SeedAnswer => ({ status: HttpStatus.OK, body });
const created = (body: unknown): SeedAnswer => ({ status: HttpStatus.CREATED, body });

/** A customer's or an admin's own orders are placed, read and cancelled as the session's account. */
const customerOf = (auth: AuthContext): OrderActor => ({
  kind: 'customer',
  email: auth.account.email,
});

/** The package the old order form names, among the pricing records (the oldest, if two share it). */
async function packageNamed(queryBus: QueryBus, packageName: string): Promise<string> {
  const packages = await queryBus.execute(new ListEntriesQuery('pricing'));
  const found = packages.find((entry) => String(entry.packageName ?? '').trim() === packageName);
  if (!found) throw new ValidationFailedException({ packageName: ORDER_TEXTS.packageMissing });
  return found._id;
}

/** Runs a seed call through the owning module's command or query. */
export async function dispatchSeedCall(
  { target, id, body, query, ip, auth }: SeedCall,
  commandBus: CommandBus,
  queryBus: QueryBus,
): Promise<SeedAnswer> {
  const actor = auth ? auditActorOf(auth, ip) : null;
  switch (target.kind) {
    case 'content.list':
      return ok(await queryBus.execute(new ListEntriesQuery(target.section)));
    case 'content.get':
      return ok(await queryBus.execute(new GetEntryQuery(target.section, id)));
    case 'content.create':
      return created(await commandBus.execute(new CreateEntryCommand(target.section, body, actor)));
    case 'content.update':
      return ok(await commandBus.execute(new UpdateEntryCommand(target.section, id, body, actor)));
    case 'adminUsers.list':
      return ok((await queryBus.execute(new ListAdminUsersQuery())).map(seedAdminUser));
    case 'adminUsers.get':
      return ok(seedAdminUser(await queryBus.execute(new GetAdminUserQuery(id))));
    case 'adminUsers.create': {
      const newId = await commandBus.execute(
        new AddAdminUserCommand({ ...adminUserInput(body), accountSetup: 'invitation' }, actor!),
      );
      return created(seedAdminUser(await queryBus.execute(new GetAdminUserQuery(newId))));
    }
    case 'adminUsers.update':
      await commandBus.execute(new UpdateAdminUserCommand(actor!, id, adminUserInput(body)));
      return ok(seedAdminUser(await queryBus.execute(new GetAdminUserQuery(id))));
    case 'messages.send':
      return created(
        seedRecord(await commandBus.execute(new SendMessageCommand(messageInput(body), ip))),
      );
    case 'messages.list': {
      // Every message, as the old admin read them (it split Unread and Read itself).
      const messages = await queryBus.execute(new ListMessagesQuery());
      return {
        ...ok(messages.items.map(seedRecord)),
        headers: { 'x-total-count': String(messages.total) },
      };
    }
    case 'messages.get':
      return ok(
        seedRecord(
          await queryBus.execute(new GetMessageQuery(requireRecordId(id, MESSAGE_TEXTS.notFound))),
        ),
      );
    case 'messages.markRead': {
      // An id of no message is a 404 whatever the body, as on every route with an id.
      const messageId = requireRecordId(id, MESSAGE_TEXTS.notFound);
      // 'UnRead' is refused, naming messageStatus: nothing makes a read message unread.
      parse(markMessageReadSchema, body);
      return ok(
        seedRecord(await commandBus.execute(new MarkMessageReadCommand(messageId, actor!))),
      );
    }
    case 'subscribers.create': {
      // A notice, not a record: the answer must not tell whether the address was known.
      const { subemail } = parse(subscribeSchema, body);
      await commandBus.execute(new SubscribeCommand(subemail, ip));
      return created({ message: NEWSLETTER_MESSAGES.requested });
    }
    case 'subscribers.list':
      return ok(await queryBus.execute(new ListSubscribersQuery()));
    case 'orders.place': {
      const input = parse(seedNewOrderSchema, body);
      const packageId = await packageNamed(queryBus, input.packageName);
      return created(
        await commandBus.execute(
          new PlaceOrderCommand(packageId, input.customerName, auth!.account.email),
        ),
      );
    }
    case 'orders.list': {
      const { page, pageSize } = parse(seedOrderListQuerySchema, query);
      const orders = await queryBus.execute(
        new ListOrdersQuery(orderScopeOf(auth!), page, pageSize),
      );
      return { ...ok(orders.items), headers: { 'x-total-count': String(orders.total) } };
    }
    case 'orders.get': {
      const order = await queryBus.execute(new FindOrderQuery(id, orderScopeOf(auth!)));
      if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
      return ok(order);
    }
    case 'orders.cancel':
      parse(seedCancelOrderSchema, body ?? {});
      return ok(
        await commandBus.execute(
          new CancelOrderCommand(
            requireRecordId(id, ORDER_TEXTS.notYours),
            customerOf(auth!),
            null,
          ),
        ),
      );
    case 'orders.setStatus': {
      const { orderStatus } = parse(updateOrderStatusSchema, body);
      return ok(
        await commandBus.execute(
          new SetDeliveryStatusCommand(
            requireRecordId(id, ORDER_TEXTS.notYours),
            auditActorOf(auth!, ip),
            orderStatus,
          ),
        ),
      );
    }
    case 'paymentAccounts.create':
      return created(
        await commandBus.execute(
          new SavePaymentAccountCommand(
            null,
            parse(savePaymentAccountSchema, body),
            auditActorOf(auth!, ip),
          ),
        ),
      );
    case 'paymentAccounts.list':
      return ok(await queryBus.execute(new ListPaymentAccountsQuery()));
    case 'paymentAccounts.get':
      return ok(await queryBus.execute(new GetPaymentAccountQuery(id)));
    case 'paymentAccounts.update':
      return ok(
        await commandBus.execute(
          new SavePaymentAccountCommand(
            id,
            parse(savePaymentAccountSchema, body),
            auditActorOf(auth!, ip),
          ),
        ),
      );
  }
}
