import { describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { Alert } from './alert';
import { Button } from './button';
import { EmailInput, FormField, Input } from './form-field';
import { useLightForm } from './use-light-form';

const schema = z.object({
  email: z.email({ error: 'Provide a Valid Email' }),
  name: z.string().trim().min(1, { error: 'Name is Required' }),
});
type Values = z.input<typeof schema>;

function SignUpForm({
  submit,
  load = async () => ({ schema, successMessage: 'Signed up' }),
}: {
  submit: (values: z.output<typeof schema>) => Promise<unknown>;
  load?: () => Promise<{ schema: typeof schema; successMessage: string }>;
}) {
  const { formProps, register, errors, formError, isSubmitting } = useLightForm<
    Values,
    z.output<typeof schema>,
    unknown
  >({ fields: ['email', 'name'], load, submit, resetOnSuccess: true });
  return (
    <form {...formProps}>
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField label="Email" error={errors.email}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </FormField>
      <FormField label="Name" error={errors.name}>
        {(control) => <Input {...control} {...register('name')} />}
      </FormField>
      <Button type="submit" isLoading={isSubmitting}>
        Sign up
      </Button>
    </form>
  );
}

const postSignUp = (values: unknown) => api.post('/api/sign-up', values);

describe('useLightForm', () => {
  it('loads the schema once the visitor turns to the form, not before', async () => {
    const load = jest.fn(async () => ({ schema, successMessage: 'Signed up' }));
    const { user } = renderWithProviders(
      <SignUpForm submit={jest.fn(async () => undefined)} load={load} />,
    );
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the schema messages on the fields, focuses the first and sends nothing', async () => {
    const submit = jest.fn(async () => undefined);
    const { user } = renderWithProviders(<SignUpForm submit={submit} />);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Provide a Valid Email')).toBeInTheDocument();
    expect(screen.getByText('Name is Required')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Provide a Valid Email');
    expect(email).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
  });

  it("once submitted, a field's message follows its value", async () => {
    const { user } = renderWithProviders(<SignUpForm submit={jest.fn(async () => undefined)} />);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await waitFor(() => expect(screen.queryByText('Name is Required')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    // The other field keeps its message until its own value is right.
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts a 400's field messages on their fields and focuses the first", async () => {
    fakeApi(() => [
      400,
      {
        statusCode: 400,
        error: 'Bad Request',
        message: 'email: This e-mail cannot be used.',
        fields: { email: 'This e-mail cannot be used.' },
      },
    ]);
    const { user } = renderWithProviders(<SignUpForm submit={postSignUp} />);

    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('This e-mail cannot be used.'));
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a failure no field takes as the form's error, keeping what was typed", async () => {
    fakeApi(() => [
      503,
      {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is not answering.',
      },
    ]);
    const { user } = renderWithProviders(<SignUpForm submit={postSignUp} />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends the parsed values, then toasts the success text and empties the form', async () => {
    let accept!: (value: unknown) => void;
    const submit = jest.fn((_values: unknown) => new Promise((resolve) => (accept = resolve)));
    const { user } = renderWithProviders(<SignUpForm submit={submit} />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Name'), '  Ada  ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({ email: 'ada@example.com', name: 'Ada' }),
    );
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(screen.queryByText('Signed up')).not.toBeInTheDocument();

    accept({});
    expect(await screen.findByText('Signed up')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });
});
