import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Session } from '../../../../contracts/identity.js';
import { SessionReader } from './session-reader.js';

/** The session as a visitor who is not signed in sees it (the sign-in options, no account). */
export class GetVisitorSessionQuery extends Query<Session> {}

@QueryHandler(GetVisitorSessionQuery)
export class GetVisitorSessionHandler implements IQueryHandler<GetVisitorSessionQuery> {
  constructor(private readonly reader: SessionReader) {}

  execute(): Promise<Session> {
    return this.reader.forToken(undefined);
  }
}
