import { Query } from '@nestjs/cqrs';
import type { WelcomeEmail } from '../../../../contracts/newsletter-welcome.js';

/** The welcome e-mail as subscribers get it now (the default text until an admin saves one). */
export class GetWelcomeEmailQuery extends Query<WelcomeEmail> {}
