import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteConfig } from '../../../lib/site-config';

const SITE_PATH = /^\/(?![/\\])/;

function parseUrl(href: string): URL | undefined {
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
}

/** Site paths and http(s) URLs only: content never becomes a `javascript:` link or image. */
export function isSafeContentUrl(src: string): boolean {
  if (SITE_PATH.test(src)) return true;
  const url = parseUrl(src);
  return url?.protocol === 'http:' || url?.protocol === 'https:';
}

/**
 * The in-app path of a link to this same site (`origin`: PUBLIC_URL's, the same on the server and in
 * the browser), so it navigates without a reload.
 */
function sitePath(href: string, origin: string | undefined): string | undefined {
  if (SITE_PATH.test(href)) return href;
  const url = parseUrl(href);
  if (!url || url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface ContentLinkProps {
  href: string | undefined;
  className?: string;
  /** Opens in a new tab (announced in the accessible name). */
  newTab?: boolean;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A link whose address comes from the content API: a router link when it points into this site, a
 * plain link to an http(s) address otherwise, and nothing at all for any other scheme.
 */
export function ContentLink({
  href,
  className,
  newTab = false,
  children,
  ...aria
}: ContentLinkProps) {
  const origin = parseUrl(useSiteConfig().publicUrl)?.origin;
  if (!href) return null;
  const path = sitePath(href, origin);
  if (path && !newTab) {
    return (
      <Link to={path} className={className} {...aria}>
        {children}
      </Link>
    );
  }
  if (!isSafeContentUrl(href)) return null;
  return (
    <a
      href={href}
      className={className}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...aria}
    >
      {children}
    </a>
  );
}
