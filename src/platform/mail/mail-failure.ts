/** Whether an SMTP server refused a message for good (5xx): sending it again would fail the same way. */
export function isPermanentMailFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
