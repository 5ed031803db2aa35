import { type ComponentProps, useId, useState } from 'react';
import { Input } from './form-field';
import './password-input.css';

/**
 * A password input with a Show/Hide button beside it, so people can check what they typed. The
 * button names what it does ('Show password') and which input it controls.
 */
export function PasswordInput({ id, className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);

  return (
    <div className={['password-input', className].filter(Boolean).join(' ')}>
      <Input
        {...props}
        id={inputId}
        type={visible ? 'text' : 'password'}
        spellCheck={false}
        autoCapitalize="off"
        className="password-input__field"
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-controls={inputId}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
      <span className="visually-hidden" role="status">
        {visible ? 'Your password is shown.' : ''}
      </span>
    </div>
  );
}
