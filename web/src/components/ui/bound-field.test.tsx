import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { z } from 'zod';
import { renderWithProviders } from '../../testing/render';
import { EmailField, type FieldBinding, TextareaField, TextField } from './bound-field';
import { Button } from './button';
import { PasswordField } from './password-field';
import { useLightForm } from './use-light-form';
import { useServerForm } from './use-server-form';

const schema = z.object({
  email: z.email({ error: 'Provide a Valid Email' }),
  name: z.string().trim().min(1, { error: 'Name is Required' }),
  password: z.string().min(8, { error: 'At least 8 characters' }),
  bio: z.string().max(10, { error: 'At most 10 characters' }),
});
type Values = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

interface FormProps {
  submit: (values: Parsed) => Promise<unknown>;
  onNameChange?: () => void;
}

/** A react-hook-form form (`useServerForm`) of bound fields. */
function ProfileForm({ submit, onNameChange }: FormProps) {
  const { fields, onSubmit } = useServerForm<Values, Parsed, unknown>({
    schema,
    defaultValues: { email: '', name: '', password: '', bio: '' },
    submit,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <EmailField form={fields} name="email" id="profile-email" label="Email" />
      <TextField
        form={fields}
        name="name"
        label="Name"
        autoComplete="name"
        onChange={onNameChange}
      />
      <PasswordField form={fields} name="password" label="Password" autoComplete="new-password" />
      <TextareaField
        form={fields}
        name="bio"
        label="About you"
        hint="Ten characters at most."
        optional
        className="profile-form__bio"
        controlClassName="profile-form__bio-text"
        rows={3}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

/** Checked by the type check, not run: a bound field refuses a name its form does not have. */
export const refusesUnknownNames = (form: FieldBinding<keyof Values>) => (
  // @ts-expect-error: the form has no field 'nickname'.
  <TextField form={form} name="nickname" label="Nickname" />
);

/** The same fields on a `useLightForm` form, whose errors are texts. */
function LightProfileForm({ submit }: FormProps) {
  const { formProps, fields } = useLightForm<Values, Parsed, unknown>({
    fields: ['email', 'name', 'password', 'bio'],
    load: async () => ({ schema }),
    submit,
  });
  return (
    <form {...formProps}>
      <EmailField form={fields} name="email" label="Email" />
      <TextField form={fields} name="name" label="Name" />
      <PasswordField form={fields} name="password" label="Password" />
      <TextareaField form={fields} name="bio" label="About you" />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('bound form fields', () => {
  it('label their control, which carries the input attributes given', () => {
    renderWithProviders(<ProfileForm submit={jest.fn(async () => undefined)} />);

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('id', 'profile-email');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).not.toHaveAttribute('aria-invalid');
    // Required unless said otherwise (spec §5: every input is).
    expect(email).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('About you')).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();

    const bio = screen.getByLabelText('About you');
    expect(bio.tagName).toBe('TEXTAREA');
    expect(bio).toHaveAttribute('rows', '3');
    expect(bio).toHaveClass('input', 'profile-form__bio-text');
    expect(bio.closest('.field')).toHaveClass('profile-form__bio');
    expect(bio).toHaveAccessibleDescription('Ten characters at most.');
  });

  it("show each field's message beside it, linked by aria-describedby, and mark it invalid", async () => {
    const submit = jest.fn(async () => undefined);
    const { user } = renderWithProviders(<ProfileForm submit={submit} />);
    await user.type(screen.getByLabelText('About you'), 'Far too long a text');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Provide a Valid Email')).toHaveAttribute(
      'id',
      'profile-email-error',
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-describedby', 'profile-email-error');
    expect(email).toHaveAccessibleDescription('Provide a Valid Email');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is Required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters');
    // The hint, then the message.
    expect(screen.getByLabelText('About you')).toHaveAccessibleDescription(
      'Ten characters at most. At most 10 characters',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it("send what was typed, and run the field's own onChange as well as the form's", async () => {
    const submit = jest.fn(async (_values: Parsed) => undefined);
    const onNameChange = jest.fn();
    const { user } = renderWithProviders(
      <ProfileForm submit={submit} onNameChange={onNameChange} />,
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.test');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('About you'), 'Analyst');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(submit).toHaveBeenCalledWith({
      email: 'ada@example.test',
      name: 'Ada',
      password: 'correct horse',
      bio: 'Analyst',
    });
    expect(onNameChange).toHaveBeenCalledTimes(3);
  });

  it("take a light form's messages (texts) the same way", async () => {
    const submit = jest.fn(async () => undefined);
    const { user } = renderWithProviders(<LightProfileForm submit={submit} />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Provide a Valid Email');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Name')).toHaveAttribute('name', 'name');
    expect(submit).not.toHaveBeenCalled();
  });
});
