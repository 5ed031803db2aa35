/** The SEO check's e-mail (rendered by the notifications module), with its props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    /** To the address given with a check: the link to its report, and its score (none: it failed). */
    seoCheckReport: { score: number | null; reportUrl: string };
  }
}

export {};
