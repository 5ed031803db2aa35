import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type PaymentAccount as PaymentAccountView,
  paymentAccountSchema,
  type SavePaymentAccount,
  savePaymentAccountSchema,
} from '../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { PaymentAccount } from '../domain/payment-account.entity.js';

const NOT_FOUND = 'No such PayPal e-mail.';

const toView = (account: PaymentAccount): PaymentAccountView => ({
  _id: account.id,
  paypalEmail: account.paypalEmail,
  updatedBy: account.updatedBy ?? null,
  updatedAt: account.updatedAt.toISOString(),
  createdAt: account.createdAt.toISOString(),
});

/** The PayPal receiving e-mails (admins only); who changed one last and when is kept. */
@ApiTags('payments')
@Controller('api/admin/payment-accounts')
export class PaymentAccountsHttpController {
  constructor(private readonly em: EntityManager) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The PayPal receiving e-mails, oldest first (the first one is used)' })
  @ApiOkResponse({ standardSchema: z.array(paymentAccountSchema) })
  async list(): Promise<PaymentAccountView[]> {
    const accounts = await this.em
      .fork()
      .find(PaymentAccount, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return accounts.map(toView);
  }

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Add a PayPal receiving e-mail' })
  @ApiCreatedResponse({ standardSchema: paymentAccountSchema })
  async add(
    @Body({ schema: savePaymentAccountSchema }) input: SavePaymentAccount,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaymentAccountView> {
    const em = this.em.fork();
    const now = new Date();
    const account = em.create(PaymentAccount, {
      id: randomUUID(),
      paypalEmail: input.paypalEmail,
      updatedBy: auth.account.email,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return toView(account);
  }

  @Get(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One PayPal receiving e-mail' })
  @ApiOkResponse({ standardSchema: paymentAccountSchema })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  async get(@Param('id') id: string): Promise<PaymentAccountView> {
    const account = await this.em
      .fork()
      .findOne(PaymentAccount, { id: requireRecordId(id, NOT_FOUND) });
    if (!account) throw new NotFoundException(NOT_FOUND);
    return toView(account);
  }

  @Put(':id')
  @Access('admin')
  @ApiOperation({ summary: 'Change a PayPal receiving e-mail' })
  @ApiOkResponse({ standardSchema: paymentAccountSchema })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  async update(
    @Param('id') id: string,
    @Body({ schema: savePaymentAccountSchema }) input: SavePaymentAccount,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaymentAccountView> {
    const em = this.em.fork();
    const account = await em.findOne(PaymentAccount, { id: requireRecordId(id, NOT_FOUND) });
    if (!account) throw new NotFoundException(NOT_FOUND);
    account.paypalEmail = input.paypalEmail;
    account.updatedBy = auth.account.email;
    account.updatedAt = new Date();
    await em.flush();
    return toView(account);
  }
}
