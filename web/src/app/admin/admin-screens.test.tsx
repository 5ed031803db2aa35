import { afterEach, describe, expect, it } from '@jest/globals';
import { SECTIONS } from '@contracts/content/sections';
import { screen, within } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import {
  CONTENT_ADMIN_PAGES,
  normalizePath,
  toRoutePattern,
} from '../../features/content-admin/section-pages';
import { type ApiCall, fakeApi } from '../../testing/fake-api';
import { anAccount } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { routes } from '../router';
import { SettingRoute } from '../routes/setting';
import { ADMIN_GROUPS, type AdminRouteHandle } from './admin-screen';
import { ADMIN_SCREENS, findAdminScreen } from './admin-screens';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/** The admin screen the router shows at `path`, if any (its handle's). */
function screenAt(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const handle = matches.map((match) => match.route.handle as AdminRouteHandle | undefined).at(-1);
  return handle?.adminScreen;
}

describe('the admin screen registry', () => {
  it("keeps every admin address of the spec (and the app's own) on its screen", () => {
    const addresses: Record<string, string> = {
      '/admin': 'admin-home',
      '/setting': 'settings',
      '/total-orders': 'total-orders',
      [`/admin/payment-status/${ID}`]: 'payment-status',
      '/add-paypal-Email': 'payment-email',
      [`/paypal-email/${ID}`]: 'paypal-email',
      '/all-messages/': 'messages',
      '/all-messages': 'messages',
      [`/view/${ID}`]: 'message',
      '/all-subscriber/': 'subscribers',
      '/newsletters': 'campaigns',
      '/newsletters/new': 'campaign-new',
      '/newsletters/welcome': 'welcome-email',
      [`/newsletters/${ID}`]: 'campaign',
      '/add-user': 'admin-users',
      [`/admin-user/${ID}`]: 'admin-user',
      '/admin/audit': 'audit',
      '/admin/intake-forms': 'intake-forms',
      [`/admin/intake-forms/${ID}`]: 'intake-form',
      '/edit-banner': 'content/edit-banner',
      [`/banner/${ID}`]: 'content-edit/banner/{id}',
      '/edit-testimonial/': 'content/edit-testimonial',
      [`/edit-testimonial/${ID}/`]: 'content-edit/edit-testimonial/{id}',
      [`/main-service-edit/${ID}`]: 'content-edit/main-service-edit/{id}',
      [`/${ID}`]: 'content-edit/{id}',
    };
    for (const [path, id] of Object.entries(addresses)) {
      expect([path, screenAt(path)]).toEqual([path, id]);
    }
    // Every content section's list and edit screens.
    for (const section of SECTIONS) {
      expect(screenAt(section.admin.listPath)).toBe(
        `content${normalizePath(section.admin.listPath)}`,
      );
      expect(screenAt(section.admin.editPath.replace('{id}', ID))).toBe(
        `content-edit${normalizePath(section.admin.editPath)}`,
      );
    }
    // The queue dashboard is the server's: the app has no route for it.
    expect(screenAt('/admin/queues')).toBeUndefined();
  });

  it('names each screen once, opens each detail screen from an entry, and has no empty group', () => {
    const ids = ADMIN_SCREENS.map((screen) => screen.id);
    expect(new Set(ids).size).toBe(ids.length);
    const patterns = ADMIN_SCREENS.map((screen) => toRoutePattern(screen.path));
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const screen of ADMIN_SCREENS) {
      if (screen.kind === 'detail') expect(findAdminScreen(screen.parent)?.kind).toBe('entry');
    }
    for (const group of ADMIN_GROUPS) {
      expect(
        ADMIN_SCREENS.some((screen) => screen.kind === 'entry' && screen.group === group),
      ).toBe(true);
    }
  });
});

describe('the settings hub', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  /** The hub shows the screens of the signed-in role: an admin's, all of them. */
  const signedInAdmin = () =>
    fakeApi(({ url }: ApiCall) =>
      url.pathname === '/api/auth/session'
        ? [200, { account: anAccount(), googleSignIn: false }]
        : undefined,
    );

  it('has a card for every admin screen, every content section included, by group', async () => {
    signedInAdmin();
    renderWithProviders(<SettingRoute />);

    const entries = ADMIN_SCREENS.filter((screen) => screen.kind === 'entry');
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(entries.length);
    for (const entry of entries) {
      const group = screen.getByRole('region', { name: entry.group });
      expect(within(group).getByRole('link', { name: entry.title })).toHaveAttribute(
        'href',
        entry.path,
      );
    }
    for (const title of [
      'Admin Panel',
      'Total Orders',
      'Messages',
      'Subscribers',
      'Campaigns',
      'Add User',
      'Payment e-mail',
      'Queues',
      'Audit log',
    ]) {
      expect(screen.getByRole('link', { name: title })).toBeInTheDocument();
    }
    // One card per content page, naming each of its sections.
    const content = screen.getByRole('region', { name: 'Content' });
    expect(within(content).getAllByRole('listitem')).toHaveLength(CONTENT_ADMIN_PAGES.length);
    for (const section of SECTIONS) {
      const link = within(content)
        .getAllByRole('link')
        .find((candidate) => candidate.getAttribute('href') === section.admin.listPath);
      expect(link?.closest('li')).toHaveTextContent(section.label);
    }
  });

  it('leaves the queue dashboard to the browser (a page of the server), the other cards to the router', async () => {
    signedInAdmin();
    const { user } = renderWithProviders(<SettingRoute />, { route: '/setting' });
    await screen.findByRole('link', { name: 'Queues' });
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('click', record);
    await user.click(screen.getByRole('link', { name: 'Queues' }));
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    window.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, false]);
  });
});
