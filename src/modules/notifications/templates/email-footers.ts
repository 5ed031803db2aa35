/**
 * Why the reader gets an e-mail, in its footer: each kind of e-mail says its own reason (an order, an
 * account, a subscription, ...), never a generic one.
 */
export const FOOTER_REASONS = {
  /** To the customer, about one of their orders. */
  order: 'You received this e-mail because you placed an order on the SEO Agency website.',
  /** To an account's owner: sign-in, password, verification. */
  account:
    'You received this e-mail because this address was used for an account on the SEO Agency website.',
  /** To the address a contact message gave (which the visitor may have mistyped). */
  contact:
    'You received this e-mail because this address was given in a message sent through the contact form of the SEO Agency website.',
  /** To the address given with a free SEO check (which the visitor may have mistyped). */
  seoCheck:
    'You received this e-mail because this address was given with a free SEO check on the SEO Agency website.',
  /** To the agency's admins: new orders, payments, messages. */
  admin: 'You received this e-mail because you are an admin of the SEO Agency website.',
  /** The confirmation e-mail: the address was signed up, perhaps by someone else. */
  newsletterSignUp:
    'You received this e-mail because this address was signed up for the SEO Agency newsletter.',
  /** The welcome e-mail and every campaign. */
  newsletter: 'You received this e-mail because you subscribed to the SEO Agency newsletter.',
} as const;
