import { domainEvent } from '../../../platform/outbox/domain-event.js';

/**
 * A visitor gave an e-mail address with a check: once the check is finished the report's link is
 * e-mailed, the agency gets a lead in its inbox and, only when the visitor ticked the box, the address
 * is signed up for the newsletter (double opt-in).
 */
export type SeoCheckReportRequestedPayload = {
  checkId: string;
  email: string;
  subscribe: boolean;
  /** The visitor's IP, for the newsletter sign-up's own limits. */
  ip: string;
};

declare module '../../../platform/outbox/domain-event.js' {
  interface DomainEventPayloads {
    SeoCheckReportRequested: SeoCheckReportRequestedPayload;
  }
}

export class SeoCheckReportRequested extends domainEvent('SeoCheckReportRequested') {}
