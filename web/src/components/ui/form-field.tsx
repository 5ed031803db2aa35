import { type ComponentProps, type ReactNode, useId } from 'react';
import './form-field.css';

/** Props to spread on the control so it is labelled and described by its error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The validation message shown beside the field. */
  error?: string;
  /** Extra help text shown under the label. */
  hint?: ReactNode;
  /** Defaults to a generated id. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control and its error message, wired together for assistive technology. */
export function FormField({ label, error, hint, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p className="field__error" id={errorId}>
          <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0v-4a1 1 0 0 1 1-1Zm0 9.25a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z"
            />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input {...props} className={['input', className].filter(Boolean).join(' ')} />;
}

/** An e-mail address input: the right keyboard, autofill and no spell-checking; overridable. */
export function EmailInput(props: ComponentProps<'input'>) {
  return (
    <Input type="email" inputMode="email" autoComplete="email" spellCheck={false} {...props} />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      {...props}
      className={['input', 'input--multiline', className].filter(Boolean).join(' ')}
    />
  );
}
