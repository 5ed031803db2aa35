import { describe, expect, it } from '@jest/globals';
import { FOOTER_REASONS } from '../../src/modules/notifications/templates/email-footers.js';
import {
  type EmailProps,
  type EmailTemplateName,
  renderEmail,
} from '../../src/modules/notifications/templates/email-templates.js';

const message = {
  messageId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Grace <Hopper>',
  email: 'grace@example.com',
  number: '555 0100',
  subject: 'Technical SEO',
  message: 'Line one\nLine two',
  messageUrl: 'https://seo.example/view/7c9e6679-7425-40de-944b-e07fc1f90ae7',
};

describe('e-mail templates', () => {
  it('tells the admins who wrote, how to reach them and what they said', async () => {
    const email = await renderEmail('messageReceivedAdmin', message);
    expect(email.subject).toBe('New message: Technical SEO');
    expect(email.text).toMatch(/grace@example\.com/);
    expect(email.text).toMatch(/555 0100/);
    expect(email.text).toMatch(/Line one/);
    // The visitor's text is escaped in the HTML part, never injected as markup.
    expect(email.html).toMatch(/Grace &lt;Hopper&gt;/);
    expect(email.html).not.toMatch(/<Hopper>/);
  });

  it('confirms receipt to the visitor in HTML and plain text', async () => {
    const email = await renderEmail('messageReceivedConfirmation', {});
    expect(email.subject).toBe('We have received your message');
    expect(email.text).toMatch(/will get back to you as soon as possible/);
    expect(email.html).toMatch(/<html/i);
  });
});

describe('account e-mails', () => {
  it('spell out their single-use link in the plain-text part', async () => {
    const verifyUrl = 'https://seo.example/verify-email?token=abc_DEF-123';
    const email = await renderEmail('emailVerification', { verifyUrl });
    expect(email.subject).toBe('Verify your e-mail address');
    expect(email.text).toContain(verifyUrl);
    expect(email.html).toContain('href="https://seo.example/verify-email?token=abc_DEF-123"');

    const reset = await renderEmail('passwordReset', {
      resetUrl: 'https://seo.example/reset?token=t0k',
    });
    expect(reset.subject).toBe('Reset your password');
    expect(reset.text).toMatch(/one hour/);
    expect(reset.text).toContain('https://seo.example/reset?token=t0k');
  });

  it('tell the owner when someone tries to register their e-mail', async () => {
    const email = await renderEmail('registrationAttempt', {
      loginUrl: 'https://seo.example/login',
      resetUrl: 'https://seo.example/reset',
    });
    expect(email.subject).toMatch(/Someone tried to register/);
    expect(email.text).toMatch(/Nothing was changed/);
  });
});

const order = {
  orderId: '3f1c',
  packageName: 'Premium',
  packagePrice: '499.00',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.test',
  orderDate: '11/23/2026',
};

/** Props for every template (a new template must be added here: the type asks for it). */
const EVERY_TEMPLATE: { [Name in EmailTemplateName]: EmailProps<Name> } = {
  messageReceivedAdmin: message,
  messageReceivedConfirmation: {},
  emailVerification: { verifyUrl: 'https://seo.example/verify-email?token=abc_DEF-123' },
  passwordReset: { resetUrl: 'https://seo.example/reset-password?token=r3set' },
  passwordChanged: { resetUrl: 'https://seo.example/forgot-password' },
  registrationAttempt: {
    loginUrl: 'https://seo.example/login',
    resetUrl: 'https://seo.example/forgot-password',
  },
  loginGuessing: { resetUrl: 'https://seo.example/forgot-password' },
  staffInvitation: { invitationUrl: 'https://seo.example/invitation/inv1te', validHours: 72 },
  newsletterConfirmation: {
    confirmUrl: 'https://seo.example/newsletter/confirm?token=c0nfirm',
    unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-1',
  },
  newsletterWelcome: {
    unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-2',
  },
  newsletterCampaign: {
    subject: 'Five local SEO tips',
    body: '## Tip one\n\nClaim your **business profile**: https://seo.example/tips/1\n\n<script>alert(1)</script>',
    unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-3',
  },
  orderPlaced: { ...order, payUrl: 'https://seo.example/pay-now/3f1c' },
  orderReminder: { ...order, payUrl: 'https://seo.example/pay-now/3f1c' },
  orderReceipt: {
    ...order,
    ordersUrl: 'https://seo.example/my-order',
    invoiceUrl: 'https://seo.example/api/invoices/00000000-0000-4000-8000-000000000001.pdf',
    invoiceNumber: 'INV-2026-000001',
  },
  orderDelivered: { ...order, ordersUrl: 'https://seo.example/my-order' },
  orderRefunded: { ...order, ordersUrl: 'https://seo.example/my-order' },
  orderCancelled: {
    ...order,
    ordersUrl: 'https://seo.example/my-order',
    reason: 'The package is no longer offered.',
  },
  orderAdmin: {
    ...order,
    headline: 'New order',
    detail: 'Ada ordered the Premium package.',
    orderUrl: 'https://seo.example/admin/payment-status/3f1c',
  },
  workDelivered: {
    ...order,
    round: 2,
    note: 'The audit is attached.\nPage 3 has the <b>quick wins</b>.',
    filenames: ['audit.pdf', 'keywords.csv'],
    orderUrl: 'https://seo.example/orders/3f1c',
  },
  threadMessagesToCustomer: {
    customerName: 'Ada Lovelace',
    packageName: 'Premium',
    messages: [
      {
        at: '2026-11-23T10:00:00.000Z',
        body: 'First <b>news</b>\nSecond line',
        attachmentNames: [],
      },
      { at: '2026-11-23T10:05:00.000Z', body: 'The report', attachmentNames: ['report.pdf'] },
    ],
    orderUrl: 'https://seo.example/orders/3f1c',
  },
  threadMessageToAdmin: {
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.test',
    packageName: 'Premium',
    body: 'Here is <script>x</script> my site',
    attachmentNames: ['brief.docx', 'logo.png'],
    orderUrl: 'https://seo.example/orders/3f1c',
  },
  intakeRequest: { ...order, orderUrl: 'https://seo.example/orders/3f1c' },
  seoCheckReport: {
    score: 72,
    reportUrl: 'https://seo.example/seo-check/8d0f3a52-3c1e-4f7e-9a43-2b0a1e9f6c11',
  },
  subscriptionReceipt: {
    ...order,
    month: 2,
    amount: '499.00',
    ordersUrl: 'https://seo.example/my-order',
    invoiceUrl: 'https://seo.example/api/invoices/00000000-0000-4000-8000-000000000002.pdf',
    invoiceNumber: 'INV-2026-000002',
    nextBillingDate: '01/23/2027',
  },
  subscriptionPaymentFailed: {
    ...order,
    fixUrl: 'https://www.sandbox.paypal.com/myaccount/autopay/connect/I-BW452GLLEP1G',
    failedPayments: 1,
    ordersUrl: 'https://seo.example/my-order',
  },
  subscriptionChanged: {
    ...order,
    change: 'cancelled',
    by: 'customer',
    reason: null,
    endsAt: '12/23/2026',
    ordersUrl: 'https://seo.example/my-order',
  },
};

describe('the plain-text part of every e-mail', () => {
  for (const [name, props] of Object.entries(EVERY_TEMPLATE)) {
    it(`${name}: puts each link on a line of its own, with nothing after it`, async () => {
      const { text } = await renderEmail(name as EmailTemplateName, props as never);
      const lines = text.split('\n');
      const urls = text.match(/https?:\/\/\S+/g) ?? [];
      for (const url of urls) {
        expect(lines).toContain(url); // the link stands alone on its line
      }
      // Every link the mail is given is spelled out, so no link is lost to the rule above.
      for (const url of Object.values(props as Record<string, unknown>).filter(
        (value): value is string => typeof value === 'string' && value.startsWith('https://'),
      )) {
        expect(lines).toContain(url); // the link is on a line of its own
      }
    });
  }
});

/** Why each e-mail came, as its footer says: its own reason, never a generic one. */
const FOOTER_OF: Record<EmailTemplateName, string> = {
  messageReceivedAdmin: FOOTER_REASONS.admin,
  messageReceivedConfirmation: FOOTER_REASONS.contact,
  emailVerification: FOOTER_REASONS.account,
  passwordReset: FOOTER_REASONS.account,
  passwordChanged: FOOTER_REASONS.account,
  registrationAttempt: FOOTER_REASONS.account,
  loginGuessing: FOOTER_REASONS.account,
  staffInvitation: FOOTER_REASONS.account,
  newsletterConfirmation: FOOTER_REASONS.newsletterSignUp,
  newsletterWelcome: FOOTER_REASONS.newsletter,
  newsletterCampaign: FOOTER_REASONS.newsletter,
  orderPlaced: FOOTER_REASONS.order,
  orderReminder: FOOTER_REASONS.order,
  orderReceipt: FOOTER_REASONS.order,
  orderDelivered: FOOTER_REASONS.order,
  orderRefunded: FOOTER_REASONS.order,
  orderCancelled: FOOTER_REASONS.order,
  orderAdmin: FOOTER_REASONS.admin,
  workDelivered: FOOTER_REASONS.order,
  threadMessagesToCustomer: FOOTER_REASONS.order,
  threadMessageToAdmin: FOOTER_REASONS.admin,
  intakeRequest: FOOTER_REASONS.order,
  seoCheckReport: FOOTER_REASONS.seoCheck,
  subscriptionReceipt: FOOTER_REASONS.order,
  subscriptionPaymentFailed: FOOTER_REASONS.order,
  subscriptionChanged: FOOTER_REASONS.order,
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('the footer of every e-mail', () => {
  for (const [name, props] of Object.entries(EVERY_TEMPLATE)) {
    it(`${name}: says why it came`, async () => {
      const { text, html } = await renderEmail(name as EmailTemplateName, props as never);
      const reason = FOOTER_OF[name as EmailTemplateName];
      expect(oneLine(text)).toContain(reason); // its own reason, in the plain text
      expect(oneLine(html)).toContain(reason); // and in the HTML
      expect(text).not.toMatch(/because of a message sent through/); // never the generic one
    });
  }

  it('newsletter e-mails carry the postal address they are given, the others none', async () => {
    const postalAddress = '500 Congress Ave, Suite 200, Austin, TX 78701, USA';
    for (const [name, props] of Object.entries(EVERY_TEMPLATE)) {
      const { text, newsletter } = await renderEmail(name as EmailTemplateName, props as never, {
        postalAddress,
      });
      expect([name, newsletter]).toStrictEqual([name, name.startsWith('newsletter')]);
      expect([name, text.includes(postalAddress)]).toStrictEqual([name, newsletter]);
    }
  });
});

describe('the e-mails to admins', () => {
  it('link a new message to it in the admin inbox', async () => {
    const { text } = await renderEmail('messageReceivedAdmin', message);
    expect(text.split('\n')).toContain(message.messageUrl); // the /view/{id} link, on its own line
  });

  it('tell the customer why an admin cancelled their order', async () => {
    const email = await renderEmail('orderCancelled', EVERY_TEMPLATE.orderCancelled);
    expect(email.subject).toBe('Your Premium order is cancelled');
    expect(email.text).toContain('The package is no longer offered.');
    const noReason = await renderEmail('orderCancelled', {
      ...EVERY_TEMPLATE.orderCancelled,
      reason: null,
    });
    expect(noReason.text).not.toMatch(/Reason/);
  });
});

describe('the e-mails about a monthly plan', () => {
  it('give each month’s charge its own receipt: the month, the amount, its invoice, the next date', async () => {
    const email = await renderEmail('subscriptionReceipt', EVERY_TEMPLATE.subscriptionReceipt);
    expect(email.subject).toBe('Payment receipt: Premium package (month 2)');
    expect(oneLine(email.text)).toContain('$499.00 USD for month 2 of the Premium package');
    expect(email.text).toContain('INV-2026-000002');
    expect(email.text).toContain('01/23/2027');
    const unknownNext = await renderEmail('subscriptionReceipt', {
      ...EVERY_TEMPLATE.subscriptionReceipt,
      nextBillingDate: null,
    });
    expect(unknownNext.text).not.toMatch(/Next payment/);
  });

  it('tell the customer a charge failed, with the link to fix it at PayPal and that PayPal retries', async () => {
    const props = EVERY_TEMPLATE.subscriptionPaymentFailed;
    const email = await renderEmail('subscriptionPaymentFailed', props);
    expect(email.subject).toBe('We could not take your monthly payment for Premium');
    expect(email.text.split('\n')).toContain(props.fixUrl);
    expect(email.html).toContain(`href="${props.fixUrl}"`);
    expect(oneLine(email.text)).toMatch(/PayPal will try again/);
  });

  it('say who cancelled, paused or suspended the plan, and until when the service runs', async () => {
    const props = EVERY_TEMPLATE.subscriptionChanged;
    const byCustomer = await renderEmail('subscriptionChanged', props);
    expect(byCustomer.subject).toBe('Your Premium plan is cancelled');
    expect(oneLine(byCustomer.text)).toContain(
      'As you asked, your monthly Premium plan is cancelled',
    );
    expect(oneLine(byCustomer.text)).toContain('The service continues until 12/23/2026.');

    const byAgency = await renderEmail('subscriptionChanged', {
      ...props,
      by: 'admin',
      reason: 'The project ended.',
    });
    expect(oneLine(byAgency.text)).toContain('We have cancelled your monthly Premium plan');
    expect(byAgency.text).toContain('The project ended.');

    const byPaypal = await renderEmail('subscriptionChanged', { ...props, by: 'paypal' });
    expect(oneLine(byPaypal.text)).toContain('PayPal cancelled your monthly Premium plan');

    const suspended = await renderEmail('subscriptionChanged', {
      ...props,
      change: 'suspended',
      by: 'paypal',
      endsAt: null,
    });
    expect(suspended.subject).toBe('Your Premium plan is suspended');
    expect(oneLine(suspended.text)).toMatch(/payments failed/);

    const paused = await renderEmail('subscriptionChanged', {
      ...props,
      change: 'paused',
      by: 'admin',
      reason: null,
    });
    expect(oneLine(paused.text)).toContain('We have paused your monthly Premium plan');

    const resumed = await renderEmail('subscriptionChanged', { ...props, change: 'resumed' });
    expect(resumed.subject).toBe('Your Premium plan is active again');
  });
});

describe('the newsletter e-mail', () => {
  const render = (body: string) =>
    renderEmail('newsletterCampaign', {
      subject: 'News',
      body,
      unsubscribeUrl: 'https://seo.example/newsletter/unsubscribe?token=uns_UB-3',
    });

  it('renders the Markdown with inline styles and shows raw HTML as text', async () => {
    const { html, subject } = await render(
      '# Big news\n\nRead **this**.\n\n<b onclick="x()">hi</b>',
    );
    expect(subject).toBe('News');
    expect(html).toMatch(/<h1 style="[^"]+">Big news<\/h1>/);
    expect(html).toMatch(/<p style="[^"]+">Read <strong>this<\/strong>.<\/p>/);
    expect(html).not.toContain('<b onclick');
    expect(html).toContain('&lt;b onclick=');
  });

  it('keeps web links and drops script links to their words', async () => {
    const { html } = await render('[site](https://seo.example/a) and [bad](javascript:alert(1))');
    expect(html).toMatch(/<a href="https:\/\/seo.example\/a" style="[^"]+">site<\/a>/);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('bad');
  });

  it('never leaves a line holding only punctuation after a link (lists, paragraphs)', async () => {
    const { text } = await render(
      [
        'Tips:',
        '',
        '- Read [our guide](https://seo.example/guide).',
        '- See https://seo.example/x.',
        '- [The list](https://seo.example/y), then more words;',
        '- **[Bold](https://seo.example/b)**!',
        '',
        '1. [One](https://seo.example/1).',
        '',
        'End [here](https://seo.example/e).',
      ].join('\n'),
    );
    const lines = text.split('\n');
    expect(lines.filter((line) => /^\s*[.,;:!?)]+\s*$/.test(line))).toStrictEqual([]);
    expect(lines.filter((line) => line !== '' && line.trim() === '')).toStrictEqual([]);
    // The punctuation stays with the words it closed; each address stands alone on its line.
    expect(lines).toContain(' * Read our guide.');
    expect(lines).toContain('   https://seo.example/guide');
    expect(lines).toContain(' * The list,');
    expect(lines).toContain('   then more words;');
    expect(lines).toContain(' * Bold!');
    expect(lines).toContain('End here.');
    expect(lines).toContain('https://seo.example/e');
  });

  it('has a visible unsubscribe link', async () => {
    const { html, text } = await render('Hello');
    expect(html).toContain('href="https://seo.example/newsletter/unsubscribe?token=uns_UB-3"');
    expect(text).toContain('https://seo.example/newsletter/unsubscribe?token=uns_UB-3');
  });
});

describe('the delivery e-mail', () => {
  it('gives the customer the note as plain text, the files’ names and the order’s page', async () => {
    const email = await renderEmail('workDelivered', EVERY_TEMPLATE.workDelivered);
    expect(email.subject).toBe('Your Premium work is ready');
    expect(email.text).toMatch(/updated version/);
    expect(email.text).toContain('The audit is attached.');
    expect(email.text).toContain('audit.pdf');
    expect(email.text).toContain('keywords.csv');
    expect(email.text.split('\n')).toContain('https://seo.example/orders/3f1c');
    // The admin's note is text: its markup is escaped, never rendered.
    expect(email.html).toContain('&lt;b&gt;quick wins&lt;/b&gt;');
    const noNote = await renderEmail('workDelivered', {
      ...EVERY_TEMPLATE.workDelivered,
      round: 1,
      note: null,
    });
    expect(noNote.text).not.toMatch(/Our note/);
    expect(noNote.text).toMatch(/delivered your Premium work/);
  });
});

describe('the order thread’s e-mails', () => {
  it('list every message of the batch to the customer, as plain text, with the order page', async () => {
    const email = await renderEmail(
      'threadMessagesToCustomer',
      EVERY_TEMPLATE.threadMessagesToCustomer,
    );
    expect(email.subject).toBe('2 new messages about your Premium order');
    expect(email.text).toContain('First <b>news</b>');
    expect(email.text).toContain('Second line');
    expect(email.text).toContain('The report');
    expect(email.text).toContain('report.pdf');
    expect(email.text.split('\n')).toContain('https://seo.example/orders/3f1c');
    // The agency's text is escaped in the HTML part, never markup.
    expect(email.html).toContain('First &lt;b&gt;news&lt;/b&gt;');
  });

  it('give the admins the customer’s words, escaped, and the files’ names', async () => {
    const email = await renderEmail('threadMessageToAdmin', EVERY_TEMPLATE.threadMessageToAdmin);
    expect(email.subject).toBe('New message from Ada Lovelace: Premium order');
    expect(email.text).toContain('brief.docx, logo.png');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
  });
});
