import { HttpStatus } from '@nestjs/common';
import type { z } from 'zod';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type AdminUser, adminUserInputSchema } from '../../contracts/identity.js';
import { sendMessageSchema } from '../../contracts/messages.js';
import { NEWSLETTER_MESSAGES, subscribeSchema } from '../../contracts/newsletter.js';
import type { AuthContext } from '../../platform/auth/access.js';
import { fieldMessages, ValidationFailedException } from '../../platform/http/validation.js';
import {
  actorOf,
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
import { SendMessageCommand } from '../messages/index.js';
import { ListSubscribersQuery, SubscribeCommand } from '../newsletter/index.js';
import type { SeedTarget } from './seed-routes.js';

export interface SeedCall {
  target: SeedTarget;
  id: string;
  body: unknown;
  /** The caller's address (for the per-IP limits). */
  ip: string;
  /** Set for customer and admin routes. */
  auth?: AuthContext;
}

export interface SeedAnswer {
  status: number;
  body: unknown;
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

const ok = (body: unknown): SeedAnswer => ({ status: HttpStatus.OK, body });
const created = (body: unknown): SeedAnswer => ({ status: HttpStatus.CREATED, body });

/** Runs a seed call through the owning module's command or query. */
export async function dispatchSeedCall(
  { target, id, body, ip, auth }: SeedCall,
  commandBus: CommandBus,
  queryBus: QueryBus,
): Promise<SeedAnswer> {
  const actor = auth ? actorOf(auth) : null;
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
      const newId = await commandBus.execute(new AddAdminUserCommand(adminUserInput(body)));
      return created(seedAdminUser(await queryBus.execute(new GetAdminUserQuery(newId))));
    }
    case 'adminUsers.update':
      await commandBus.execute(new UpdateAdminUserCommand(auth!, id, adminUserInput(body)));
      return ok(seedAdminUser(await queryBus.execute(new GetAdminUserQuery(id))));
    case 'messages.send':
      return created(
        seedRecord(await commandBus.execute(new SendMessageCommand(messageInput(body), ip))),
      );
    case 'subscribers.create': {
      // A notice, not a record: the answer must not tell whether the address was known.
      const { subemail } = parse(subscribeSchema, body);
      await commandBus.execute(new SubscribeCommand(subemail, ip));
      return created({ message: NEWSLETTER_MESSAGES.requested });
    }
    case 'subscribers.list':
      return ok(await queryBus.execute(new ListSubscribersQuery()));
  }
}
