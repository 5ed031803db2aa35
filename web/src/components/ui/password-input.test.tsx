import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

function PasswordField() {
  return (
    <FormField label="Password">
      {(control) => <PasswordInput {...control} autoComplete="current-password" />}
    </FormField>
  );
}

describe('PasswordInput', () => {
  it('hides the password until asked, and hides it again', async () => {
    const user = userEvent.setup();
    render(<PasswordField />);
    const input = screen.getByLabelText('Password');
    await user.type(input, 'correct horse');
    expect(input).toHaveAttribute('type', 'password');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-controls', input.id);
    expect(show).toHaveAttribute('type', 'button');
    await user.click(show);

    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('correct horse');
    expect(screen.getByRole('status')).toHaveTextContent('Your password is shown.');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('is reached by keyboard after the input', async () => {
    const user = userEvent.setup();
    render(<PasswordField />);
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});
