import { type FieldDef, fieldMaxLength } from '@contracts/content';
import { type ComponentProps } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { type FieldControlProps, Input, Textarea } from '../../../components/ui/form-field';
import { type EntryValues } from './entry-values';
import { ImageField } from './image-field';

export interface FieldControlInputProps {
  field: FieldDef;
  control: FieldControlProps;
  /** The add form: a select starts on an empty 'Choose…'. */
  adding: boolean;
}

/** The input for one registry field, by its type. */
export function FieldControl({ field, control, adding }: FieldControlInputProps) {
  const { register } = useFormContext<EntryValues>();
  const registered = {
    ...control,
    ...register(field.name),
    'aria-required': field.required || undefined,
  };
  const text = { ...registered, maxLength: fieldMaxLength(field) };

  switch (field.type) {
    case 'longText':
      return <Textarea {...text} rows={5} />;
    case 'url':
      return <Input {...text} type="url" inputMode="url" spellCheck={false} autoComplete="off" />;
    case 'email':
      return <Input {...text} type="email" inputMode="email" spellCheck={false} />;
    case 'numberText':
    case 'price':
      return <Input {...text} type="text" inputMode="decimal" autoComplete="off" />;
    case 'percent':
      return <Input {...text} type="text" inputMode="numeric" autoComplete="off" />;
    case 'select':
      return <SelectControl {...registered} field={field} adding={adding} />;
    case 'image':
      return <ImageField {...text} field={field} />;
    case 'text':
      return <Input {...text} type="text" />;
  }
}

type SelectControlProps = ComponentProps<'select'> & { field: FieldDef; adding: boolean };

function SelectControl({ field, adding, ...props }: SelectControlProps) {
  const { control } = useFormContext<EntryValues>();
  const value = useWatch({ control, name: field.name }) ?? '';
  const options = field.options ?? [];
  // A stored value the registry no longer offers stays visible, and validation says why.
  const legacy = value !== '' && !options.includes(value) ? [value] : [];
  return (
    <select {...props} className="input content-form__select">
      {(adding || value === '') && <option value="">Choose…</option>}
      {[...legacy, ...options].map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}
