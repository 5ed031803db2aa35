/** Subscribers are unique case-insensitively: addresses are compared and stored in this form. */
export function normalizeSubscriberEmail(email: string): string {
  return email.trim().toLowerCase();
}
