import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { WelcomeEmail } from '../../../../contracts/newsletter-welcome.js';
import { readWelcomeEmail } from '../../domain/welcome-email.js';
import { GetWelcomeEmailQuery } from './get-welcome-email.query.js';

@QueryHandler(GetWelcomeEmailQuery)
export class GetWelcomeEmailHandler implements IQueryHandler<GetWelcomeEmailQuery> {
  constructor(private readonly em: EntityManager) {}

  execute(): Promise<WelcomeEmail> {
    return readWelcomeEmail(this.em.fork());
  }
}
