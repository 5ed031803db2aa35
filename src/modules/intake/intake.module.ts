import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { IntakeForms } from './domain/intake-forms.js';
import { IntakeSeeder } from './domain/intake-seeder.js';
import { OrderIntakes } from './domain/order-intakes.js';
import { PricingPackages } from './domain/pricing-packages.js';
import { AdminIntakeFormsHttpController } from './http/admin-intake-forms.http.controller.js';
import {
  AdminOrderIntakeHttpController,
  OrderIntakeHttpController,
} from './http/order-intake.http.controller.js';
import { AskForIntakeDetails, TellAdminsOfIntake } from './jobs/ask-for-intake.handler.js';

/**
 * The intake questionnaire: one form per pricing package (every save a new version, the admins'
 * builder with its history and restore), the demo questionnaire of the demo packages, the e-mail
 * asking for the details once an order is paid (or the work started at once when the package asks
 * nothing: AskForIntakeDetails, in the worker), and the answers of each order (kept with the version
 * they answered), whose first submission moves the order to In progress with its due date.
 */
@Module({
  imports: [OrdersModule],
  controllers: [
    AdminIntakeFormsHttpController,
    OrderIntakeHttpController,
    AdminOrderIntakeHttpController,
  ],
  providers: [
    PricingPackages,
    IntakeForms,
    OrderIntakes,
    IntakeSeeder,
    AskForIntakeDetails,
    TellAdminsOfIntake,
  ],
})
export class IntakeModule {}
