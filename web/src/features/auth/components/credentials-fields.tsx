import { useId } from 'react';
import { EmailField, type FieldBinding } from '../../../components/ui/bound-field';
import { PasswordField } from '../../../components/ui/password-field';

/** The e-mail and password of the login and register forms. */
export function CredentialsFields({
  fields,
  passwordAutoComplete,
}: {
  fields: FieldBinding<'email' | 'password'>;
  /** `current-password` to sign in, `new-password` to register. */
  passwordAutoComplete: 'current-password' | 'new-password';
}) {
  const idPrefix = useId();
  return (
    <>
      <EmailField form={fields} name="email" id={`${idPrefix}-email`} label="Email" />
      <PasswordField
        form={fields}
        name="password"
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete={passwordAutoComplete}
      />
    </>
  );
}
