import { type AdminUser } from '@contracts/identity';
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AdminUsersTable } from './admin-users-table';

const USERS: AdminUser[] = [
  {
    id: '7f1c2a6e-3b0d-4c4e-9a51-1d2f3e4a5b6c',
    userEmail: 'ada@example.test',
    userRole: 'Admin',
    accountStatus: 'verified',
    invitation: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
];

describe('the admin users table', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('names each cell for the card its row becomes on a phone, Edit spanning it', async () => {
    fakeApi(({ url }) => (url.pathname === '/api/admin/users' ? [200, USERS] : undefined));
    renderWithProviders(<AdminUsersTable currentEmail="grace@example.test" />);

    const table = await screen.findByRole('table', { name: 'Admin users' });
    expect(table).toHaveClass('data-table--cards');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toStrictEqual([
      'Email',
      'Role',
      'Account',
      null,
    ]);
    expect(within(cells[3]!).getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(within(cells[3]!).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
