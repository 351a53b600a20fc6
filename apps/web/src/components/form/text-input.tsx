import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { TextFieldProps } from '@mui/material/TextField';
import {
  Suspense,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { lazyPart } from '@/lib/lazy-part';

// Only a menu select needs MUI's TextField (with Select, Menu, Popover, Modal): loaded when one
// shows. A native select is `SelectInput` (select-input.tsx), imported directly where one shows
// in a first render, loaded on demand here.
const SelectTextField = lazyPart<TextFieldProps>(
  'mui-text-field',
  async () => (await import('@mui/material/TextField')).default,
);
const NativeSelectInput = lazyPart(
  'select-input',
  async () => (await import('./select-input')).SelectInput,
);

type SlotObjects = {
  input?: Partial<OutlinedInputProps>;
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
  inputLabel?: Partial<InputLabelProps>;
  select?: { native?: boolean };
};

/**
 * The frame MUI's outlined TextField draws: FormControl, InputLabel, OutlinedInput and
 * FormHelperText (the helper text as the input's description). `wrapInput` turns the
 * OutlinedInput into another control (SelectInput's native select).
 */
export const InputFrame = ({
  props,
  wrapInput,
}: {
  props: TextFieldProps;
  wrapInput?: (input: ReactElement, options: { children: ReactNode; error?: boolean }) => ReactNode;
}) => {
  const autoId = useId();
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
    // Not used by the inputs of this app; dropped so they do not reach the DOM.
    variant: _variant,
    select: _select,
    SelectProps: _selectProps,
    children,
    ...inputProps
  } = props as TextFieldProps & { SelectProps?: unknown };
  const slots = (slotProps ?? {}) as SlotObjects;
  const inputId = id ?? autoId;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  const input = (
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
      {wrapInput ? wrapInput(input, { children, error }) : input}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
};

/**
 * MUI's outlined TextField for text, without the select machinery it always imports: the same
 * frame (`InputFrame`), so it looks and reads the same, ≈15 KB brotli less before a form's first
 * render (issue 7's JS budget). `select` loads on demand: `SelectInput` when native, else the
 * real TextField.
 */
export const TextInput = (props: TextFieldProps) => {
  if (props.select) {
    const isNative = Boolean((props.slotProps as SlotObjects | undefined)?.select?.native);
    return (
      <Suspense fallback={null}>
        {isNative ? <NativeSelectInput {...props} /> : <SelectTextField {...props} />}
      </Suspense>
    );
  }
  return <InputFrame props={props} />;
};
