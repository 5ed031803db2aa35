import {
  ConflictException,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import {
  type CaptureResult,
  captureResultSchema,
  type Checkout,
  checkoutSchema,
  PAYMENT_TEXTS,
  type PaypalOrderCreated,
  paypalOrderCreatedSchema,
} from '../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { FindOrderQuery, isPayable } from '../../orders/index.js';
import { CapturePaypalOrderCommand } from '../commands/capture-paypal-order/capture-paypal-order.command.js';
import { CreatePaypalOrderCommand } from '../commands/create-paypal-order/create-paypal-order.command.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../domain/payment-gateway.js';
import { PaymentAccounts } from '../domain/payment-accounts.js';

/** The pay page of one of the customer's unpaid orders, through the configured payment adapter. */
@ApiTags('payments')
@Controller('api/orders')
export class CheckoutHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
    private readonly accounts: PaymentAccounts,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  @Get(':id/checkout')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'How to pay an unpaid order: PayPal Checkout buttons or the Payments Standard form, or why payments are not set up',
  })
  @ApiOkResponse({ standardSchema: checkoutSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({ description: 'The order is not unpaid', standardSchema: errorBodySchema })
  async checkout(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<Checkout> {
    const order = await this.queryBus.execute(
      new FindOrderQuery(id, { customerEmail: auth.account.email }),
    );
    if (!order) throw new NotFoundException(ORDER_TEXTS.notYours);
    if (!isPayable(order)) throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const receiver = await this.accounts.receivingEmail();
    if (!receiver) return { ready: false, message: PAYMENT_TEXTS.notSetUp };
    return this.gateway.checkout(order, receiver);
  }

  @Post(':id/paypal-order')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'PayPal Checkout: create the PayPal order of an unpaid order (amount and payee from the server)',
  })
  @ApiOkResponse({ standardSchema: paypalOrderCreatedSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({
    description: 'Not unpaid, payments not set up, or PayPal refused',
    standardSchema: errorBodySchema,
  })
  @ApiServiceUnavailableResponse({
    description: 'PayPal could not be reached',
    standardSchema: errorBodySchema,
  })
  createPaypalOrder(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<PaypalOrderCreated> {
    this.requireCheckout();
    return this.commandBus.execute(
      new CreatePaypalOrderCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }

  @Post(':id/paypal-order/capture')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'PayPal Checkout: capture the approved payment (paid, pending, declined or review)',
  })
  @ApiOkResponse({ standardSchema: captureResultSchema })
  @ApiNotFoundResponse({
    description: 'No such order of this customer',
    standardSchema: errorBodySchema,
  })
  @ApiConflictResponse({
    description: 'Not unpaid, not approved yet, or PayPal refused',
    standardSchema: errorBodySchema,
  })
  @ApiServiceUnavailableResponse({
    description: 'PayPal could not be reached',
    standardSchema: errorBodySchema,
  })
  capturePaypalOrder(
    @Param('id') id: string,
    @CurrentAuth() auth: AuthContext,
  ): Promise<CaptureResult> {
    this.requireCheckout();
    return this.commandBus.execute(
      new CapturePaypalOrderCommand(requireRecordId(id, ORDER_TEXTS.notYours), auth.account.email),
    );
  }

  private requireCheckout(): void {
    if (this.gateway.integration !== 'checkout') {
      throw new ConflictException(
        'This shop takes payments through the PayPal payment form, not PayPal Checkout.',
      );
    }
  }
}
