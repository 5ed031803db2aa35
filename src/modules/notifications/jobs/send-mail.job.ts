import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import type { EmailTemplateName } from '../templates/email-templates.js';

export interface SendMailJob {
  template: EmailTemplateName;
  to: string;
  replyTo?: string;
  props: DomainEventPayloads['MessageReceived'];
}
