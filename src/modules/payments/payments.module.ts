import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { SavePaymentAccountHandler } from './commands/save-payment-account/save-payment-account.handler.js';
import { PaymentAccount } from './domain/payment-account.entity.js';
import { PaymentAccounts } from './domain/payment-accounts.js';
import { CheckoutHttpController } from './http/checkout.http.controller.js';
import { PaymentAccountsHttpController } from './http/payment-accounts.http.controller.js';
import { PaymentNotificationsHttpController } from './http/payment-notifications.http.controller.js';
import { PaypalHttpRegistrar } from './http/paypal-http.registrar.js';
import {
  GetPaymentAccountHandler,
  ListPaymentAccountsHandler,
} from './queries/payment-accounts/payment-accounts.handlers.js';
import { VerifyPaymentNotification } from './jobs/verify-payment-notification.handler.js';

/**
 * Payments: the PayPal receiving e-mails, the Payments Standard checkout, IPN intake (api) and its
 * verification (worker), and the built-in PayPal simulator. Emits PaymentVerified, PaymentRejected
 * and PaymentReversed, which the orders module applies.
 */
@Module({
  imports: [MikroOrmModule.forFeature([PaymentAccount])],
  controllers: [
    CheckoutHttpController,
    PaymentAccountsHttpController,
    PaymentNotificationsHttpController,
  ],
  providers: [
    PaymentAccounts,
    SavePaymentAccountHandler,
    ListPaymentAccountsHandler,
    GetPaymentAccountHandler,
    PaypalHttpRegistrar,
    VerifyPaymentNotification,
  ],
})
export class PaymentsModule {}
