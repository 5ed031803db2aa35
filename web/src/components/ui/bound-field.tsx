import {
  type ChangeEvent,
  type ComponentProps,
  type ComponentType,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { EmailInput, FormField, Input, Textarea } from './form-field';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** What a form's `register(name)` gives an input: react-hook-form's, or `useLightForm`'s. */
export interface FieldRegistration {
  name: string;
  onChange: (event: ChangeEvent<FieldElement>) => unknown;
  onBlur?: (event: FocusEvent<FieldElement>) => unknown;
  ref?: (element: FieldElement | null) => void;
}

/** A field's message: react-hook-form's error, or `useLightForm`'s text. */
type FieldMessage = string | { message?: string } | undefined;

/** A form's fields, as bound fields take them (`fields` of `useServerForm` and `useLightForm`). */
export interface FieldBinding<Name extends string> {
  /** The form's `register`. */
  register: (name: Name) => FieldRegistration;
  /** The form's messages by field. */
  errors: Partial<Record<Name, FieldMessage>>;
}

export interface BoundFieldProps<Name extends string> {
  form: FieldBinding<NoInfer<Name>>;
  name: Name;
  label: ReactNode;
  hint?: ReactNode;
  /** The control's id; defaults to a generated one. */
  id?: string;
  /** On the field (the label, the control and the message). */
  className?: string;
  /** On the control. */
  controlClassName?: string;
  /** The field may be left empty; otherwise it says it is required (spec §5: every input is). */
  optional?: boolean;
}

/** The control's own props: what the form and the field do not set. `onChange` runs before the form's. */
type ControlProps<Props> = Omit<Props, keyof BoundFieldProps<string> | 'ref' | 'onBlur'>;

/**
 * `Control` bound to a form's field: labelled (`FormField`), registered with the form, and described
 * by the field's message when it has one.
 */
export function boundField<Props extends { onChange?: unknown }>(Control: ComponentType<Props>) {
  return function BoundField<Name extends string>({
    form: { register, errors },
    name,
    label,
    hint,
    id,
    className,
    controlClassName,
    optional = false,
    ...control
  }: BoundFieldProps<Name> & ControlProps<Props>) {
    const registration = register(name);
    const found = errors[name];
    const error = typeof found === 'string' ? found : found?.message;
    const ownOnChange = control.onChange as
      ((event: ChangeEvent<FieldElement>) => void) | undefined;
    const onChange = (event: ChangeEvent<FieldElement>) => {
      ownOnChange?.(event);
      return registration.onChange(event);
    };
    return (
      <FormField label={label} hint={hint} id={id} className={className} error={error}>
        {(field) => (
          <Control
            {...field}
            {...registration}
            aria-required={optional ? undefined : 'true'}
            {...(control as unknown as Props)}
            className={controlClassName}
            onChange={ownOnChange ? onChange : registration.onChange}
          />
        )}
      </FormField>
    );
  };
}

/** A text input (`Input`) bound to its form field. */
export const TextField = boundField<ComponentProps<'input'>>(Input);
/** An e-mail address input (`EmailInput`) bound to its form field. */
export const EmailField = boundField<ComponentProps<'input'>>(EmailInput);
/** A multi-line text input (`Textarea`) bound to its form field. */
export const TextareaField = boundField<ComponentProps<'textarea'>>(Textarea);
