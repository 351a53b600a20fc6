import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';
import { lazy, Suspense, useId, type InputHTMLAttributes } from 'react';

// Only a select needs MUI's TextField (with Select, Menu, Popover, Modal): loaded when one shows.
const SelectTextField = lazy(() => import('@mui/material/TextField'));

type SlotObjects = {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
  inputLabel?: Partial<InputLabelProps>;
};

/**
 * MUI's outlined TextField for text, without the select machinery it always imports: the same
 * FormControl, InputLabel, OutlinedInput and FormHelperText, so it looks and reads the same
 * (label, helper text as its description), ≈15 KB brotli less before a form's first render
 * (issue 7's JS budget). `select` falls back to the real TextField, loaded on demand.
 */
export const TextInput = (props: TextFieldProps) => {
  const autoId = useId();
  if (props.select) {
    return (
      <Suspense fallback={null}>
        <SelectTextField {...props} />
      </Suspense>
    );
  }
  const {
    label,
    helperText,
    error,
    fullWidth,
    required,
    disabled,
    id,
    slotProps,
    sx,
    className,
    size,
    margin,
    // Not used by the text inputs of this app; dropped so they do not reach the DOM.
    variant: _variant,
    select: _select,
    SelectProps: _selectProps,
    children: _children,
    ...inputProps
  } = props as TextFieldProps & { SelectProps?: unknown };
  const slots = (slotProps ?? {}) as SlotObjects;
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      fullWidth={fullWidth}
      error={error}
      required={required}
      disabled={disabled}
      sx={sx}
      className={className}
      size={size}
      margin={margin}
    >
      {label != null && (
        <InputLabel htmlFor={inputId} {...slots.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...(inputProps as Partial<OutlinedInputProps>)}
        {...slots.input}
        id={inputId}
        label={label}
        aria-describedby={helperId}
        // TextField puts stray attributes on its root; the keyboard hint belongs on the input.
        inputProps={{ inputMode: inputProps.inputMode, ...slots.htmlInput }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
