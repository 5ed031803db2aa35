/** What the composition root may use of the intake questionnaire (lint rule: nothing else). */
export type * from './domain/intake.mails.js';
export { IntakeModule } from './intake.module.js';
