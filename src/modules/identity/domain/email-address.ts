/** E-mails are unique case-insensitively: they are compared and stored in this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
