import { Command } from '@nestjs/cqrs';

/** A lead for the admin inbox that came from another form than the contact form (the SEO check). */
export interface Lead {
  /** The message's id, chosen by the caller: recording the same lead twice stores it once. */
  id: string;
  /** Who it is from, as the inbox shows it (e.g. `SEO check`). */
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Stores a lead as an UnRead message and tells the admins, like a contact message (no receipt). */
export class RecordLeadCommand extends Command<void> {
  constructor(readonly lead: Lead) {
    super();
  }
}
