const receivedFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** When a message was received, in the admin's time zone ("Nov 24, 2026, 9:25 PM"). */
export const formatReceived = (iso: string) => receivedFormat.format(new Date(iso));

/**
 * A mailto: link answering the sender, the subject prefixed "Re: " once. Each part is
 * percent-encoded (RFC 6068), so that `&`, `?` or `#` in a subject cannot start another field.
 */
export function replyHref(email: string, subject: string): string {
  const trimmed = subject.trim();
  const reply = /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  const to = email.split('@').map(encodeURIComponent).join('@');
  return `mailto:${to}?subject=${encodeURIComponent(reply)}`;
}
