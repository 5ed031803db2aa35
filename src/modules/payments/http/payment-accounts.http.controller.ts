import {
  Body,
  Controller,
  Delete,
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
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  PAYMENT_TEXTS,
  type PaymentAccount as PaymentAccountView,
  paymentAccountSchema,
  type SavePaymentAccount,
  savePaymentAccountSchema,
} from '../../../contracts/payments.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access } from '../../../platform/auth/access.js';
import { ActivatePaymentAccountCommand } from '../commands/activate-payment-account/activate-payment-account.command.js';
import { RemovePaymentAccountCommand } from '../commands/remove-payment-account/remove-payment-account.command.js';
import { SavePaymentAccountCommand } from '../commands/save-payment-account/save-payment-account.command.js';
import {
  GetPaymentAccountQuery,
  ListPaymentAccountsQuery,
} from '../queries/payment-accounts/payment-accounts.queries.js';

const NOT_FOUND = 'No such PayPal e-mail.';

/**
 * The PayPal receiving e-mails (admins only): payments go to the active one; admins switch it and
 * remove the others. Who changed one last and when is kept, and every change is audited.
 */
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
  @ApiOperation({
    summary: 'The PayPal receiving e-mails, oldest first (payments go to the active one)',
  })
  @ApiOkResponse({ standardSchema: z.array(paymentAccountSchema) })
  list(): Promise<PaymentAccountView[]> {
    return this.queryBus.execute(new ListPaymentAccountsQuery());
  }

  @Post()
  @Access('admin')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Add a PayPal receiving e-mail (active at once only when none is active yet)',
  })
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

  @Post(':id/activate')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Make a PayPal e-mail the one payments go to (the active one before stops being so)',
  })
  @ApiOkResponse({ standardSchema: paymentAccountSchema })
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  activate(
    @Param('id') id: string,
    @CurrentActor() actor: AuditActor,
  ): Promise<PaymentAccountView> {
    return this.commandBus.execute(new ActivatePaymentAccountCommand(id, actor));
  }

  @Delete(':id')
  @Access('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove a PayPal e-mail payments do not go to' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: NOT_FOUND, standardSchema: errorBodySchema })
  @ApiConflictResponse({
    description: PAYMENT_TEXTS.activeAccountKept,
    standardSchema: errorBodySchema,
  })
  async remove(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<void> {
    await this.commandBus.execute(new RemovePaymentAccountCommand(id, actor));
  }
}
