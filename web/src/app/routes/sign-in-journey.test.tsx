import { afterEach, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, type Session } from '@contracts/identity';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CONTENT_SNAPSHOT_KEY, ORDERS_QUERY_KEY } from '../../lib/query-keys';
import { GuestOnly } from '../../features/auth/components/guest-only';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';
import { VerifyEmailRoute } from './verify-email';

const ORDER_FORM = '/order-now/3b241101-e2bb-4255-8caf-4136c566a962';
const TOKEN = 'a'.repeat(43);
const account: NonNullable<Session['account']> = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.test',
  emailVerified: true,
  isAdmin: false,
  role: 'customer',
  hasPassword: true,
  googleLinked: false,
  twoFactorEnabled: false,
  twoFactorRequired: false,
  createdAt: '2026-11-26T10:00:00.000Z',
};
const signedOut: Session = { account: null, googleSignIn: false };
const signedIn: Session = { account, googleSignIn: false };

/** Where the router is, for the checks. */
function Where() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

/** The pages of the journey, guarded as in the route tree. */
function Journey() {
  return (
    <>
      <Routes>
        <Route element={<GuestOnly />}>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterRoute />} />
        </Route>
        <Route path="/verify-email" element={<VerifyEmailRoute />} />
        <Route element={<RequireAuth />}>
          <Route path="/order-now/:packageId" element={<h1>Buying Your SEO Plan</h1>} />
          <Route path="/dashboard" element={<h1>Welcome to User Dashboard</h1>} />
        </Route>
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
      <Where />
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'address' });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('the way to the order form survives signing up', () => {
  it('carries the order form from the guard through Sign Up into the registration', async () => {
    const calls = fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/session') return [200, signedOut];
      if (method === 'POST' && url.pathname === '/api/auth/register') {
        return [202, { message: AUTH_MESSAGES.registered }];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<Journey />, { route: ORDER_FORM });

    await screen.findByRole('heading', { name: 'Login' });
    expect(address()).toHaveTextContent(/^\/login$/);
    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Register' });
    expect(address()).toHaveTextContent(`/register?next=${encodeURIComponent(ORDER_FORM)}`);
    // Back to the login page and here again: the way is kept both ways.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(ORDER_FORM)}`,
    );

    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByRole('heading', { name: 'Home' });
    const registration = calls.find((call) => call.url.pathname === '/api/auth/register');
    expect(registration?.body).toStrictEqual({
      email: 'ada@example.test',
      password: 'Correct-Horse-Battery',
      next: ORDER_FORM,
    });
  });

  it('sends a signed-out visitor from the verified link to log in, then to the order form', async () => {
    let session = signedOut;
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/session') return [200, session];
      if (method === 'POST' && url.pathname === '/api/auth/email-verification/confirm') {
        return [200, { message: AUTH_MESSAGES.emailVerified }];
      }
      if (method === 'POST' && url.pathname === '/api/auth/login') {
        session = signedIn;
        return [200, signedIn];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<Journey />, {
      route: `/verify-email?token=${TOKEN}&next=${encodeURIComponent(ORDER_FORM)}`,
    });

    await screen.findByText(AUTH_MESSAGES.emailVerified);
    await user.click(screen.getByRole('link', { name: 'Go to the login page' }));
    await screen.findByRole('heading', { name: 'Login' });
    expect(address()).toHaveTextContent(`/login?next=${encodeURIComponent(ORDER_FORM)}`);

    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Buying Your SEO Plan' });
    expect(address()).toHaveTextContent(new RegExp(`^${ORDER_FORM}$`));
  });

  it('takes a visitor signed in already straight to the order form once verified', async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/session') return [200, signedIn];
      if (method === 'POST' && url.pathname === '/api/auth/email-verification/confirm') {
        return [200, { message: AUTH_MESSAGES.emailVerified }];
      }
      return undefined;
    });
    renderWithProviders(<Journey />, {
      route: `/verify-email?token=${TOKEN}&next=${encodeURIComponent(ORDER_FORM)}`,
    });
    await screen.findByRole('heading', { name: 'Buying Your SEO Plan' });
  });

  it.each([
    ['another host', '//evil.example/order-now/1'],
    ['a backslash', '/\\evil.example'],
    ['a full URL', 'https://evil.example/'],
  ])('ignores a next naming %s: the login goes to the dashboard', async (_what, next) => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/session' ? [200, signedIn] : undefined));
    renderWithProviders(<Journey />, { route: `/login?next=${encodeURIComponent(next)}` });
    await screen.findByRole('heading', { name: 'Welcome to User Dashboard' });
    await waitFor(() => expect(address()).toHaveTextContent(/^\/dashboard$/));
  });
});

describe('signing in', () => {
  it('drops what was cached for the previous visitor but keeps the site’s public content', async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/session') return [200, signedOut];
      if (method === 'POST' && url.pathname === '/api/auth/login') return [200, signedIn];
      return undefined;
    });
    const { user, queryClient } = renderWithProviders(<Journey />, { route: '/login' });
    // The content the page (and its footer, hydrated later) was rendered from; an earlier visitor's list.
    const content = { logo: [] };
    queryClient.setQueryData(CONTENT_SNAPSHOT_KEY, content);
    queryClient.setQueryData([...ORDERS_QUERY_KEY, 'mine'], [{ id: 'theirs' }]);

    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Welcome to User Dashboard' });

    expect(queryClient.getQueryData([...ORDERS_QUERY_KEY, 'mine'])).toBeUndefined();
    expect(queryClient.getQueryData(CONTENT_SNAPSHOT_KEY)).toBe(content);
  });
});
