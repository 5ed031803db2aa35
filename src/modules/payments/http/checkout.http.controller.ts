import {
  ConflictException,
  Controller,
  Get,
  Header,
  Inject,
  NotFoundException,
  Param,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { type Checkout, checkoutSchema, PAYMENT_TEXTS } from '../../../contracts/payments.js';
import { Access, type AuthContext, CurrentAuth } from '../../../platform/auth/access.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { FindOrderQuery } from '../../orders/index.js';
import { PaymentAccounts } from '../domain/payment-accounts.js';
import { checkoutUrl, IPN_PATH } from '../domain/paypal.js';

/** The PayPal Payments Standard hand-off of one of the customer's unpaid orders (spec §7). */
@ApiTags('payments')
@Controller('api/orders')
export class CheckoutHttpController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly accounts: PaymentAccounts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/checkout')
  @Access('customer')
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The PayPal form of an unpaid order, or why payments are not set up' })
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
    if (order.paymentStatus !== 'UnPaid') throw new ConflictException(PAYMENT_TEXTS.notPayable);
    const business = await this.accounts.receivingEmail();
    if (!business) return { ready: false, message: PAYMENT_TEXTS.notSetUp };
    const site = this.config.PUBLIC_URL;
    const link = (path: string) => new URL(path, site).toString();
    const fields: [string, string][] = [
      ['cmd', '_xclick'],
      ['business', business],
      ['item_number', '1'],
      ['item_name', order.packageName],
      ['amount', order.packagePrice],
      ['currency_code', 'USD'],
      ['no_shipping', '1'],
      ['custom', order._id],
      ['charset', 'utf-8'],
      ['return', link(`/received-payment/${order._id}`)],
      ['cancel_return', link(`/order-cancelled/${order._id}`)],
      ['notify_url', link(IPN_PATH)],
    ];
    return {
      ready: true,
      action: checkoutUrl(this.config.PAYPAL_MODE, site),
      mode: this.config.PAYPAL_MODE,
      fields: fields.map(([name, value]) => ({ name, value })),
      packageName: order.packageName,
      amount: order.packagePrice,
    };
  }
}
