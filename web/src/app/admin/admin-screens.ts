import { toRoutePattern } from '../../features/content-admin/section-pages';
import { type AccountRole, STAFF } from '@contracts/identity';
import {
  ADMIN_GROUPS,
  type AdminEntryScreen,
  type AdminGroup,
  type AdminScreen,
} from './admin-screen';
import { CONTENT_SCREENS } from './content-screens';

/**
 * Every admin screen, once: the admin routes, the admin navigation, the settings hub's cards and the
 * breadcrumbs are all generated from this list. A new screen (or content section) added here gets
 * its route, its navigation entry and its card.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    kind: 'entry',
    id: 'admin-home',
    title: 'Admin Panel',
    path: '/admin',
    group: 'Overview',
    description: 'Sales, the newest orders, subscribers and messages at a glance.',
    load: async () => ({ Component: (await import('../routes/admin')).AdminRoute }),
  },
  {
    kind: 'entry',
    id: 'settings',
    roles: STAFF.any,
    title: 'Settings',
    path: '/setting',
    group: 'Overview',
    description: 'Every screen of the admin area in one place.',
    load: async () => ({ Component: (await import('../routes/setting')).SettingRoute }),
  },
  {
    kind: 'entry',
    id: 'total-orders',
    roles: STAFF.orders,
    title: 'Total Orders',
    path: '/total-orders',
    group: 'Shop',
    description: 'Every order, newest first: deliver it, record a payment or cancel it.',
    load: async () => ({ Component: (await import('../routes/admin-orders')).TotalOrdersRoute }),
  },
  {
    kind: 'detail',
    id: 'payment-status',
    title: 'Update Order',
    path: '/admin/payment-status/{id}',
    group: 'Shop',
    parent: 'total-orders',
    load: async () => ({ Component: (await import('../routes/admin-orders')).PaymentStatusRoute }),
  },
  {
    kind: 'entry',
    id: 'intake-forms',
    title: 'Questionnaires',
    path: '/admin/intake-forms',
    group: 'Shop',
    description: 'What each package asks the customer after the payment, with its history.',
    load: async () => ({
      Component: (await import('../routes/admin-intake-forms')).IntakeFormsRoute,
    }),
  },
  {
    kind: 'detail',
    id: 'intake-form',
    title: 'Questionnaire',
    path: '/admin/intake-forms/{id}',
    group: 'Shop',
    parent: 'intake-forms',
    load: async () => ({
      Component: (await import('../routes/admin-intake-forms')).IntakeFormRoute,
    }),
  },
  {
    kind: 'entry',
    id: 'invoices',
    title: 'Invoices',
    path: '/admin/invoices',
    group: 'Shop',
    description: 'Every invoice and credit note, newest first, as PDF; the CSV for the accountant.',
    load: async () => ({
      Component: (await import('../routes/admin-invoices')).AdminInvoicesRoute,
    }),
  },
  {
    kind: 'entry',
    id: 'payment-email',
    title: 'Payment e-mail',
    path: '/add-paypal-Email',
    group: 'Shop',
    description: 'The PayPal e-mail customers’ payments go to.',
    load: async () => ({
      Component: (await import('../routes/payment-accounts')).AddPaypalEmailRoute,
    }),
  },
  {
    kind: 'detail',
    id: 'paypal-email',
    title: 'Update Paypal Email',
    path: '/paypal-email/{id}',
    group: 'Shop',
    parent: 'payment-email',
    load: async () => ({
      Component: (await import('../routes/payment-accounts')).PaypalEmailRoute,
    }),
  },
  {
    kind: 'entry',
    id: 'messages',
    roles: STAFF.orders,
    title: 'Messages',
    path: '/all-messages/',
    group: 'Inbox & newsletter',
    description: 'Every contact message, newest first: find one by sender, read it, reply.',
    load: async () => ({ Component: (await import('../routes/admin-messages')).AllMessagesRoute }),
  },
  {
    kind: 'detail',
    id: 'message',
    title: 'Message',
    path: '/view/{id}',
    group: 'Inbox & newsletter',
    parent: 'messages',
    load: async () => ({ Component: (await import('../routes/admin-messages')).ViewMessageRoute }),
  },
  {
    kind: 'entry',
    id: 'subscribers',
    title: 'Subscribers',
    path: '/all-subscriber/',
    group: 'Inbox & newsletter',
    description: 'Every newsletter address and its status: filter, export as CSV, remove one.',
    load: async () => ({
      Component: (await import('../routes/admin-subscribers')).AllSubscriberRoute,
    }),
  },
  {
    kind: 'detail',
    id: 'subscribers-import',
    title: 'Import subscribers',
    path: '/all-subscriber/import',
    group: 'Inbox & newsletter',
    parent: 'subscribers',
    load: async () => ({
      Component: (await import('../routes/admin-subscribers')).ImportSubscribersRoute,
    }),
  },
  {
    kind: 'entry',
    id: 'campaigns',
    roles: STAFF.content,
    title: 'Campaigns',
    path: '/newsletters',
    group: 'Inbox & newsletter',
    description: 'Write a newsletter, try it on yourself, send or schedule it and follow it.',
    load: async () => ({ Component: (await import('../routes/admin-campaigns')).CampaignsRoute }),
  },
  {
    kind: 'entry',
    id: 'welcome-email',
    roles: STAFF.content,
    title: 'Welcome e-mail',
    path: '/newsletters/welcome',
    group: 'Inbox & newsletter',
    description:
      'What each new subscriber gets once on confirming: edit, preview, test, switch off.',
    load: async () => ({
      Component: (await import('../routes/admin-newsletter-welcome')).WelcomeEmailRoute,
    }),
  },
  {
    kind: 'detail',
    id: 'campaign-new',
    title: 'New newsletter',
    path: '/newsletters/new',
    group: 'Inbox & newsletter',
    parent: 'campaigns',
    load: async () => ({ Component: (await import('../routes/admin-campaigns')).NewCampaignRoute }),
  },
  {
    kind: 'detail',
    id: 'campaign',
    title: 'Newsletter',
    path: '/newsletters/{id}',
    group: 'Inbox & newsletter',
    parent: 'campaigns',
    load: async () => ({ Component: (await import('../routes/admin-campaigns')).CampaignRoute }),
  },
  ...CONTENT_SCREENS,
  {
    kind: 'entry',
    id: 'seo',
    roles: STAFF.content,
    title: 'SEO',
    path: '/admin/seo',
    group: 'SEO',
    description: 'Every public page’s SEO score and what to fix, and IndexNow submissions.',
    load: async () => ({ Component: (await import('../routes/admin-seo')).SeoHubRoute }),
  },
  {
    kind: 'entry',
    id: 'redirects',
    roles: STAFF.content,
    title: 'Redirects',
    path: '/admin/redirects',
    group: 'SEO',
    description:
      'Redirect old paths (301, 302, 410) and turn the 404s visitors hit into redirects.',
    load: async () => ({ Component: (await import('../routes/admin-redirects')).RedirectsRoute }),
  },
  {
    kind: 'entry',
    id: 'admin-users',
    title: 'Add User',
    path: '/add-user',
    group: 'Operations',
    description: 'Who can use the admin area: add an admin user, change or remove one.',
    load: async () => ({ Component: (await import('../routes/add-user')).AddUserRoute }),
  },
  {
    kind: 'detail',
    id: 'admin-user',
    title: 'Update Admin User',
    path: '/admin-user/{id}',
    group: 'Operations',
    parent: 'admin-users',
    load: async () => ({ Component: (await import('../routes/admin-user')).AdminUserRoute }),
  },
  {
    kind: 'entry',
    id: 'queues',
    title: 'Queues',
    path: '/admin/queues',
    group: 'Operations',
    description:
      'The background jobs (e-mails, newsletters, payments): see them, retry or remove failed ones.',
    // Bull Board, served by the server: no `load`.
  },
  {
    kind: 'entry',
    id: 'audit',
    title: 'Audit log',
    path: '/admin/audit',
    group: 'Operations',
    description: 'Who changed what and when, newest first, with the values before and after.',
    load: async () => ({ Component: (await import('../routes/admin-audit')).AuditLogRoute }),
  },
];

/** The screens with a navigation entry and a hub card, by group, in the groups' order. */
export const ADMIN_ENTRIES_BY_GROUP: readonly {
  group: AdminGroup;
  screens: readonly AdminEntryScreen[];
}[] = ADMIN_GROUPS.map((group) => ({
  group,
  screens: ADMIN_SCREENS.filter(
    (screen): screen is AdminEntryScreen => screen.kind === 'entry' && screen.group === group,
  ),
})).filter(({ screens }) => screens.length > 0);

export function findAdminScreen(id: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen.id === id);
}

/** Whether an account of a role may use a screen: its roles, else its parent's, else admins only. */
export function mayUseScreen(screen: AdminScreen, role: AccountRole): boolean {
  if (role === 'admin') return true;
  const parent = screen.kind === 'detail' ? findAdminScreen(screen.parent) : undefined;
  const roles = screen.roles ?? (parent ? undefined : ['admin']);
  if (!roles) return mayUseScreen(parent!, role);
  return (roles as readonly string[]).includes(role);
}

/** The navigation entries and hub cards an account of a role may use, by group. */
export function entriesByGroupFor(role: AccountRole): typeof ADMIN_ENTRIES_BY_GROUP {
  return ADMIN_ENTRIES_BY_GROUP.map(({ group, screens }) => ({
    group,
    screens: screens.filter((screen) => mayUseScreen(screen, role)),
  })).filter(({ screens }) => screens.length > 0);
}

/** The screen and the ones it is opened from, outermost first (`Messages`, `Message`). */
export function screenTrail(screen: AdminScreen): AdminScreen[] {
  const parent = screen.kind === 'detail' ? findAdminScreen(screen.parent) : undefined;
  return parent ? [...screenTrail(parent), screen] : [screen];
}

/** The anchor of a group on the settings hub (`/setting#admin-group-content`). */
export function groupAnchor(group: AdminGroup): string {
  return `admin-group-${group
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** A screen whose path is a single `{id}` segment (the about editor) sits behind the id gate. */
export function isSingleSegmentScreen(screen: AdminScreen): boolean {
  return toRoutePattern(screen.path) === ':id';
}

/** The route pattern of a screen (`/view/{id}` → `view/:id`); the router ignores a trailing slash. */
export const screenRoutePattern = (screen: AdminScreen) => toRoutePattern(screen.path);
