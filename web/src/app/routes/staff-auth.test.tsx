import { afterEach, describe, expect, it } from '@jest/globals';
import { type Session, STAFF_AUTH_MESSAGES } from '@contracts/identity';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { LoginRoute } from './login';
import { GuestOnly } from '../../features/auth/components/guest-only';
import { fakeApi } from '../../testing/fake-api';
import { anAccount } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { AcceptInvitationForm } from '../../features/auth/components/accept-invitation-form';
import { TwoFactorPanel } from '../../features/auth/components/two-factor-panel';

const CHALLENGE = 'c'.repeat(43);
const signedOut: Session = { account: null, googleSignIn: false };
const admin = anAccount({ twoFactorEnabled: true });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function LoginJourney() {
  return (
    <Routes>
      <Route element={<GuestOnly />}>
        <Route path="/login" element={<LoginRoute />} />
      </Route>
      <Route path="/dashboard" element={<h1>Welcome to User Dashboard</h1>} />
    </Routes>
  );
}

describe('the code step of the login', () => {
  it('asks for the code after the password, shows a wrong code on the field, and signs in with the right one', async () => {
    let session = signedOut;
    const calls = fakeApi(({ method, url, body }) => {
      if (url.pathname === '/api/auth/session') return [200, session];
      if (method === 'POST' && url.pathname === '/api/auth/login') {
        return [200, { ...signedOut, twoFactorChallenge: CHALLENGE }];
      }
      if (method === 'POST' && url.pathname === '/api/auth/login/two-factor') {
        if ((body as { code: string }).code !== '123456') {
          return [
            401,
            { statusCode: 401, error: 'Unauthorized', message: STAFF_AUTH_MESSAGES.wrongCode },
          ];
        }
        session = { account: admin, googleSignIn: false };
        return [200, session];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<LoginJourney />, { route: '/login' });

    await user.type(await screen.findByLabelText('Email'), 'boss@agency.test');
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const code = await screen.findByLabelText('Code (or a recovery code)');
    // Still signed out between the two steps: the login page stays.
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // On the field (and in a toast).
    await waitFor(() => expect(code).toHaveAccessibleDescription(/This code is not correct/));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { name: 'Welcome to User Dashboard' });
    const sent = calls.filter((call) => call.url.pathname === '/api/auth/login/two-factor');
    expect(sent.map((call) => call.body)).toStrictEqual([
      { challenge: CHALLENGE, code: '654321' },
      { challenge: CHALLENGE, code: '123456' },
    ]);
  });

  it('asks for the code straight away when Google sign-in came back with a challenge', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/auth/session' ? [200, signedOut] : undefined));
    renderWithProviders(<LoginJourney />, { route: `/login?challenge=${CHALLENGE}` });
    expect(await screen.findByLabelText('Code (or a recovery code)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});

describe('the enrol screen', () => {
  it('shows the secret once, confirms it with a code, then shows the recovery codes', async () => {
    const codes = Array.from({ length: 10 }, (_, index) => `aaaa-bbbb-cccc-dd${index}a`);
    const calls = fakeApi(({ method, url, body }) => {
      if (url.pathname === '/api/auth/session') {
        return [200, { account: anAccount(), googleSignIn: false }];
      }
      if (method === 'POST' && url.pathname === '/api/account/two-factor/setup') {
        return [
          200,
          {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUri:
              'otpauth://totp/shop%3Aboss%40agency.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          },
        ];
      }
      if (method === 'POST' && url.pathname === '/api/account/two-factor/confirm') {
        if ((body as { code: string }).code !== '000111') {
          return [
            400,
            {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Invalid fields',
              fields: { code: STAFF_AUTH_MESSAGES.wrongCode },
            },
          ];
        }
        return [200, { recoveryCodes: codes }];
      }
      return undefined;
    });
    const { user } = renderWithProviders(
      <TwoFactorPanel account={anAccount({ twoFactorRequired: true })} />,
    );
    expect(screen.getByText(STAFF_AUTH_MESSAGES.twoFactorRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(/This code is not correct/),
    );
    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), '000111');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(codes[0]!);
    // The secret is not shown any more.
    expect(screen.queryByTestId('totp-secret')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(
      calls.filter((call) => call.url.pathname.startsWith('/api/account/two-factor/')),
    ).toHaveLength(3);
  });
});

describe('the invitation page', () => {
  it('shows the clear message when the link is expired, withdrawn or used', async () => {
    fakeApi(({ method, url }) => {
      if (url.pathname === '/api/auth/session') return [200, signedOut];
      if (method === 'POST' && url.pathname === '/api/auth/invitation/accept') {
        return [
          400,
          { statusCode: 400, error: 'Bad Request', message: STAFF_AUTH_MESSAGES.invitationInvalid },
        ];
      }
      return undefined;
    });
    const { user } = renderWithProviders(<AcceptInvitationForm token={'t'.repeat(43)} />);
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      STAFF_AUTH_MESSAGES.invitationInvalid,
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
