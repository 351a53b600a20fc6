import type { ComponentType } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from './password-field';
import { TextField, type TextFieldProps } from './text-field';

type Props<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  isPassword?: boolean;
  /** The field drawn instead of `TextField` (e.g. `NativeSelectField` for a native select). */
  field?: ComponentType<TextFieldProps>;
  /** For a password: what its show/hide button names (PasswordField). */
  toggleLabel?: string;
  /** Show the field in red without repeating the message under it. */
  hideErrorText?: boolean;
  /** Messages shown elsewhere (a summary alert): the field turns red without repeating them. */
  summaryMessages?: readonly string[];
  /** Fields to re-validate when this one changes after a submit (e.g. a confirmation). */
  deps?: FieldPath<T>[];
  /**
   * The helper text from the value's length (a counter against a limit), worked out where the
   * value changes, so typing re-renders this field only.
   */
  counter?: (length: number) => string;
};

/** react-hook-form adapter for MUI text fields: wires value, errors and helper text. */
export const FormTextField = <T extends FieldValues>({
  control,
  name,
  isPassword = false,
  field: FieldComponent = TextField,
  toggleLabel,
  hideErrorText = false,
  summaryMessages = [],
  deps,
  helperText,
  counter,
  ...props
}: Props<T>) => (
  <Controller
    control={control}
    name={name}
    rules={deps ? { deps } : undefined}
    render={({ field, fieldState }) => {
      const Field = isPassword ? PasswordField : FieldComponent;
      const message = fieldState.error?.message;
      const errorText =
        hideErrorText || (message && summaryMessages.includes(message)) ? undefined : message;
      return (
        <Field
          {...props}
          {...(isPassword && toggleLabel ? { toggleLabel } : {})}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error) || props.error}
          helperText={errorText ?? counter?.(String(field.value ?? '').length) ?? helperText}
        />
      );
    }}
  />
);
