/**
 * The mailbox a sender address reaches, as the contact form counts senders: case and a `+tag` are
 * ignored (`Ada+promo@Example.TEST` → `ada@example.test`), so tagged variants of one address are one
 * sender. Only for counting: mail still goes to the address as typed.
 */
export function senderMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const untagged = local.split('+', 1)[0];
  return `${untagged || local}${address.slice(at)}`;
}
