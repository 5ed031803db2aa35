import type { IntakeRequestMailProps } from '../../../contracts/intake.js';

/** The e-mails of the intake questionnaire (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    /** After the payment: "Tell us about your project", with the order page's link. */
    intakeRequest: IntakeRequestMailProps;
  }
}
