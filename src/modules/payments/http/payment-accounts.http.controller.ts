import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access } from '../../../platform/auth/access.js';
import { SavePaymentAccountCommand } from '../commands/save-payment-account/save-payment-account.command.js';
import {
  GetPaymentAccountQuery,
  ListPaymentAccountsQuery,
} from '../queries/payment-accounts/payment-accounts.queries.js';

const NOT_FOUND = 'No such PayPal e-mail.';

/** The PayPal receiving e-mails (admins only); who changed one last and when is kept. */
@ApiTags('payments')
@Controller('api/admin/payment-accounts')
export class PaymentAccountsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The PayPal receiving e-mails, oldest first (the first one is used)' })
  @ApiOkResponse({ standardSchema: z.array(paymentAccountSchema) })
  list(): Promise<PaymentAccountView[]> {
    return this.queryBus.execute(new ListPaymentAccountsQuery());
  }

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Add a PayPal receiving e-mail' })
  @ApiCreatedResponse({ standardSchema: paymentAccountSchema })
  add(
    @Body({ schema: savePaymentAccountSchema }) input: SavePaymentAccount,
    @CurrentActor() actor: AuditActor,
  ): Promise<PaymentAccountView> {
    return this.commandBus.execute(new SavePaymentAccountCommand(null, input, actor));
  }

  @Get(':id')
  @Access('admin')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One PayPal receiving e-mail' })
  @ApiOkResponse({ standardSchema: paymentAccountSchema })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  get(@Param('id') id: string): Promise<PaymentAccountView> {
    return this.queryBus.execute(new GetPaymentAccountQuery(id));
  }

  @Put(':id')
  @Access('admin')
  @ApiOperation({ summary: 'Change a PayPal receiving e-mail' })
  @ApiOkResponse({ standardSchema: paymentAccountSchema })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  update(
    @Param('id') id: string,
    @Body({ schema: savePaymentAccountSchema }) input: SavePaymentAccount,
    @CurrentActor() actor: AuditActor,
  ): Promise<PaymentAccountView> {
    return this.commandBus.execute(new SavePaymentAccountCommand(id, input, actor));
  }
}
