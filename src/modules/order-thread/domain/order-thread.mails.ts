/** The e-mails about order threads (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    /** To the customer: the agency's messages not read yet (one e-mail per batch), and the order page. */
    threadMessagesToCustomer: {
      customerName: string;
      packageName: string;
      messages: { at: string; body: string; attachmentNames: string[] }[];
      orderUrl: string;
    };
    /** To each admin: a customer wrote on an order's thread. */
    threadMessageToAdmin: {
      customerName: string;
      customerEmail: string;
      packageName: string;
      body: string;
      attachmentNames: string[];
      orderUrl: string;
    };
  }
}

export {};
