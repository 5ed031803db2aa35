export interface NavItem {
  label: string;
  to: string;
}

/** The site's main navigation targets, shared by the header and the footer. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/#about-sec' },
  { label: 'Services', to: '/#services-sec' },
  { label: 'Pricing Plan', to: '/#pricing-sec' },
  { label: 'Contact', to: '/#contact-sec' },
];

export const LOGIN_PATH = '/login';
export const DASHBOARD_PATH = '/dashboard';
export const ADMIN_PATH = '/admin';
/** The staff's settings hub: where an editor or support account's admin area starts. */
export const SETTINGS_PATH = '/setting';

/** Whether a nav target is the current location (pathname plus hash). */
export function isCurrent(to: string, pathname: string, hash: string): boolean {
  const [targetPath = '/', targetHash = ''] = to.split('#');
  return targetPath === pathname && targetHash === hash.replace(/^#/, '');
}
