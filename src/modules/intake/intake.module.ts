import { withHttpSide } from '../../platform/http/http-side.js';
import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/index.js';
import { RestoreIntakeFormHandler } from './commands/restore-intake-form/restore-intake-form.handler.js';
import { SaveIntakeFormHandler } from './commands/save-intake-form/save-intake-form.handler.js';
import { SubmitIntakeHandler } from './commands/submit-intake/submit-intake.handler.js';
import { IntakeForms } from './domain/intake-forms.js';
import { IntakeSeeder } from './domain/intake-seeder.js';
import { OrderIntakes } from './domain/order-intakes.js';
import { PricingPackages } from './domain/pricing-packages.js';
import { AskForIntakeDetails, TellAdminsOfIntake } from './jobs/ask-for-intake.handler.js';
import { GetIntakeFormHandler } from './queries/get-intake-form/get-intake-form.handler.js';
import { GetOrderIntakeHandler } from './queries/get-order-intake/get-order-intake.handler.js';
import { ListIntakeFormVersionsHandler } from './queries/list-intake-form-versions/list-intake-form-versions.handler.js';
import { ListIntakeFormsHandler } from './queries/list-intake-forms/list-intake-forms.handler.js';

/**
 * The intake questionnaire: one form per pricing package (every save a new version, the admins'
 * builder with its history and restore), the demo questionnaire of the demo packages, the e-mail
 * asking for the details once an order is paid (or the work started at once when the package asks
 * nothing: AskForIntakeDetails, in the worker), and the answers of each order (kept with the version
 * they answered), whose first submission moves the order to In progress with its due date.
 *
 * Use cases: queries/list-intake-forms, get-intake-form, list-intake-form-versions (the builder),
 * get-order-intake (the customer's or an admin's view of an order's questionnaire);
 * commands/save-intake-form, restore-intake-form (admins, audited) and submit-intake (the customer, or
 * an admin for them). The controllers in http/ only send these through the buses; the handlers use
 * the domain's IntakeForms and OrderIntakes.
 */
@Module({
  imports: [OrdersModule],
  providers: [
    PricingPackages,
    IntakeForms,
    OrderIntakes,
    IntakeSeeder,
    ListIntakeFormsHandler,
    GetIntakeFormHandler,
    ListIntakeFormVersionsHandler,
    SaveIntakeFormHandler,
    RestoreIntakeFormHandler,
    GetOrderIntakeHandler,
    SubmitIntakeHandler,
    AskForIntakeDetails,
    TellAdminsOfIntake,
  ],
})
export class IntakeModule {
  /** With its controllers and HTTP routes (intake.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof IntakeModule> {
    return withHttpSide(IntakeModule, http, () => import('./intake.http.js'));
  }
}
