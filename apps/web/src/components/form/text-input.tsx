import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';
import { lazy, Suspense, useId, type InputHTMLAttributes } from 'react';

// Only a menu select needs MUI's TextField (with Select, Menu, Popover, Modal): loaded when one
// shows. A native select (`slotProps.select.native`) is MUI's NativeSelect in the same frame.
const SelectTextField = lazy(() => import('@mui/material/TextField'));

type SlotObjects = {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
  inputLabel?: Partial<InputLabelProps>;
  select?: { native?: boolean };
};

/**
 * MUI's outlined TextField for text, without the select machinery it always imports: the same
 * FormControl, InputLabel, OutlinedInput and FormHelperText, so it looks and reads the same
 * (label, helper text as its description), ≈15 KB brotli less before a form's first render
 * (issue 7's JS budget). A native select (`slotProps.select.native`) is MUI's NativeSelect in
 * that frame, as TextField draws it; a menu select falls back to the real TextField, on demand.
 */
export const TextInput = (props: TextFieldProps) => {
  const autoId = useId();
  const isNativeSelect = Boolean((props.slotProps as SlotObjects | undefined)?.select?.native);
  if (props.select && !isNativeSelect) {
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
    select,
    SelectProps: _selectProps,
    children,
    ...inputProps
  } = props as TextFieldProps & { SelectProps?: unknown };
  const slots = (slotProps ?? {}) as SlotObjects;
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const outlined = (
    <OutlinedInput
      {...(inputProps as Partial<OutlinedInputProps>)}
      {...slots.input}
      id={inputId}
      label={label}
      // A label kept small (`shrink`) leaves its gap in the outline, as TextField does.
      notched={slots.inputLabel?.shrink}
      aria-describedby={helperId}
      // TextField puts stray attributes on its root; the keyboard hint belongs on the input.
      inputProps={{ inputMode: inputProps.inputMode, ...slots.htmlInput }}
    />
  );
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
      {select ? (
        <NativeSelect input={outlined} inputProps={{ error }}>
          {children}
        </NativeSelect>
      ) : (
        outlined
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};
