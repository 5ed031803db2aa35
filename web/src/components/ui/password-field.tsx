import { type ComponentProps } from 'react';
import { boundField } from './bound-field';
import { PasswordInput } from './password-input';

/**
 * A password input with Show/Hide (`PasswordInput`) bound to its form field: apart from the other
 * bound fields (bound-field.tsx), whose e-mail field is on every page.
 */
export const PasswordField = boundField<ComponentProps<typeof PasswordInput>>(PasswordInput);
