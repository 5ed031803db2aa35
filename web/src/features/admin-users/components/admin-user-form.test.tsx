import { afterEach, describe, expect, it } from '@jest/globals';
import { ADMIN_USER_MESSAGES, type AdminUser } from '@contracts/identity';
import { screen, waitFor } from '@testing-library/react';
import { type ApiCall, errorBody, fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AddAdminUserForm } from './add-admin-user-form';
import { UpdateAdminUserForm } from './update-admin-user-form';

const USER_ID = 'dddddddd-0000-4000-8000-000000000001';
const editorEntry: AdminUser = {
  id: USER_ID,
  userEmail: 'ed@agency.test',
  userRole: 'Editor',
  accountStatus: 'verified',
  invitation: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the admin user forms’ role', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('adds a user with the role chosen (Admin by default)', async () => {
    const calls = fakeApi(({ method }: ApiCall) =>
      method === 'POST' ? [201, editorEntry] : undefined,
    );
    const { user } = renderWithProviders(<AddAdminUserForm />);

    const role = screen.getByRole('combobox', { name: 'User Role' });
    expect(role).toHaveValue('Admin');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual([
      'Admin',
      'Editor',
      'Support',
    ]);
    await user.type(screen.getByRole('textbox', { name: 'User Email' }), 'ed@agency.test');
    await user.selectOptions(role, 'Editor');
    await user.click(screen.getByRole('button', { name: 'Add User' }));

    expect(await screen.findByText(ADMIN_USER_MESSAGES.added)).toBeInTheDocument();
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      userEmail: 'ed@agency.test',
      userRole: 'Editor',
      accountSetup: 'invitation',
    });
  });

  it('shows the server’s refusal to demote the last admin on the role', async () => {
    fakeApi(({ method }: ApiCall) =>
      method === 'PUT' ? [409, errorBody(409, ADMIN_USER_MESSAGES.lastAdminRole)] : undefined,
    );
    const { user } = renderWithProviders(
      <UpdateAdminUserForm user={{ ...editorEntry, userRole: 'Admin' }} />,
    );

    const role = screen.getByRole('combobox', { name: 'User Role' });
    expect(role).toHaveValue('Admin');
    await user.selectOptions(role, 'Support');
    await user.click(screen.getByRole('button', { name: 'Update User' }));

    // The message is the role field's, not the e-mail's.
    await waitFor(() =>
      expect(role).toHaveAccessibleDescription(ADMIN_USER_MESSAGES.lastAdminRole),
    );
    expect(screen.getByRole('textbox', { name: 'User Email' })).not.toHaveAccessibleDescription(
      ADMIN_USER_MESSAGES.lastAdminRole,
    );
  });
});
