import type { OrderMailProps } from '../../../contracts/orders.js';

/** The e-mails about deliverables (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    /** To the customer: files were delivered on their order (the note, the files' names, the link). */
    workDelivered: OrderMailProps & {
      round: number;
      note: string | null;
      filenames: string[];
      orderUrl: string;
    };
  }
}
