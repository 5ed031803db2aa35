import { afterEach, describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../testing/fake-api';
import { createTestQueryClient, renderWithProviders } from '../../testing/render';
import { SiteHeader } from './site-header';

const menu = () => document.querySelector('details.site-header__menu') as HTMLDetailsElement;
const toggle = () => document.querySelector('summary.site-header__toggle') as HTMLElement;

describe('the site header’s phone menu', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('is a <details> disclosure in the server’s markup: it opens without JavaScript', () => {
    const html = renderToString(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/pricing/']}>
          <SiteHeader />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const details = page.querySelector('header details.site-header__menu');
    expect(details).not.toBeNull();
    expect(details?.hasAttribute('open')).toBe(false);
    // Its summary is the button; the navigation is the element after it (shown while it is open).
    expect(details?.querySelector(':scope > summary')?.textContent).toContain('Open menu');
    expect(details?.nextElementSibling?.matches('nav#site-nav')).toBe(true);
  });

  it('opens and closes, and closes on Escape and when a link is followed, once hydrated', async () => {
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/session'
        ? [200, { account: null, googleSignIn: false }]
        : undefined,
    );
    const { user } = renderWithProviders(<SiteHeader />, { route: '/pricing/' });
    expect(menu().open).toBe(false);

    await user.click(toggle());
    expect(menu().open).toBe(true);
    await user.keyboard('{Escape}');
    expect(menu().open).toBe(false);

    await user.click(toggle());
    expect(menu().open).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The session is asked for first: the account links wait for it.
    await user.click(await within(nav).findByRole('link', { name: 'Log in' }));
    expect(menu().open).toBe(false);
  });
});
