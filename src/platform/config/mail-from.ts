const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLocalHost = (host: string) => LOCAL_HOSTS.has(host) || host.endsWith('.localhost');

/** PUBLIC_URL's host name (`localhost` when it is unset, as the zero-config start serves it). */
const hostOf = (publicUrl: string | undefined) =>
  publicUrl ? new URL(publicUrl).hostname : 'localhost';

/** MAIL_FROM unset: an address on PUBLIC_URL's host, `SEO Agency <no-reply@{host}>`. */
export function defaultMailFrom(publicUrl: string | undefined): string {
  return `SEO Agency <no-reply@${hostOf(publicUrl)}>`;
}

/** The domain of MAIL_FROM's address (`SEO Agency <a@b.c>` or `a@b.c`); undefined when it has none. */
function mailFromDomain(mailFrom: string): string | undefined {
  const address = /<([^<>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const at = address.lastIndexOf('@');
  return at < 0
    ? undefined
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * The start-up warning when a real SMTP server (SMTP_URL) would send mail from a local address
 * (MAIL_FROM on localhost, or PUBLIC_URL's host local so that its default is): receiving servers
 * refuse or file such mail as spam. Undefined when there is nothing to say.
 */
export function localMailFromWarning(config: {
  SMTP_URL?: string;
  MAIL_FROM: string;
  PUBLIC_URL?: string;
}): string | undefined {
  if (!config.SMTP_URL) return undefined;
  const domain = mailFromDomain(config.MAIL_FROM);
  if (domain !== undefined && isLocalHost(domain)) {
    return `MAIL_FROM (${config.MAIL_FROM}) is an address on ${domain} while SMTP_URL sends real e-mail: receiving servers will refuse it or file it as spam. Set MAIL_FROM to an address of your domain (or PUBLIC_URL, whose host its default uses).`;
  }
  if (isLocalHost(hostOf(config.PUBLIC_URL))) {
    return `PUBLIC_URL (${config.PUBLIC_URL ?? 'unset'}) is a local address while SMTP_URL sends real e-mail: the links in e-mails will not open for their readers. Set PUBLIC_URL to the site's public address.`;
  }
  return undefined;
}
