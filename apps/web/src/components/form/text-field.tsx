import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useThemeProps } from '@mui/material/styles';
import { useForkRef } from '@mui/material/utils';
import { useId, useRef, type ChangeEventHandler, type ReactNode, type Ref } from 'react';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';

/*
 * The app's outlined fields, composed from MUI's field parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText, NativeSelect) the way MUI's TextField composes them and its
 * documentation shows ("Components": TextField is made of these smaller parts). MUI's TextField
 * itself always imports Select with Menu, Popover and Modal, and all three input variants
 * (≈ 20 KB brotli), which kept the sign-in pages without room under the JS budget (decisions 051,
 * 100). The theme's `MuiTextField` defaults (`fullWidth`) and `MuiOutlinedInput` styles apply.
 */

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export type TextFieldProps = Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'id'
  | 'maxRows'
  | 'minRows'
  | 'multiline'
  | 'name'
  | 'onBlur'
  | 'onFocus'
  | 'onKeyDown'
  | 'placeholder'
  | 'required'
  | 'rows'
  | 'type'
  | 'value'
> & {
  label?: ReactNode;
  /** Under the field, as its description (`aria-describedby`). */
  helperText?: ReactNode;
  error?: boolean | undefined;
  fullWidth?: boolean | undefined;
  size?: FormControlProps['size'];
  sx?: FormControlProps['sx'];
  inputMode?: InputBaseComponentProps['inputMode'];
  inputRef?: Ref<FieldElement> | undefined;
  onChange?: ChangeEventHandler<FieldElement> | undefined;
  /** A native select's `<option>`s (`NativeSelectField`). */
  children?: ReactNode;
  /** The parts' own props, named as MUI's TextField names them. */
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputBaseComponentProps;
    inputLabel?: Partial<InputLabelProps>;
  };
};

/** What the field's parts share: the frame (FormControl), its label and its description. */
const useFieldFrame = (props: TextFieldProps) => {
  const themed: TextFieldProps = useThemeProps({ props, name: 'MuiTextField' });
  const autoId = useId();
  const id = themed.id ?? autoId;
  const helperTextId = themed.helperText ? `${id}-helper-text` : undefined;
  const { label, slotProps } = themed;
  const shrink = slotProps?.inputLabel?.shrink;
  const frame = (control: ReactNode) => (
    <FormControl
      fullWidth={themed.fullWidth ?? false}
      error={themed.error ?? false}
      disabled={themed.disabled ?? false}
      required={themed.required ?? false}
      size={themed.size ?? 'medium'}
      {...(themed.sx ? { sx: themed.sx } : {})}
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      )}
      {control}
      {themed.helperText && <FormHelperText id={helperTextId}>{themed.helperText}</FormHelperText>}
    </FormControl>
  );
  const inputProps: Partial<OutlinedInputProps> = {
    id,
    label,
    ...(shrink !== undefined ? { notched: shrink } : {}),
    ...(helperTextId ? { 'aria-describedby': helperTextId } : {}),
  };
  return { themed, frame, inputProps };
};

/** An outlined text field that keeps what was typed before hydration (`useTypedBeforeHydration`). */
export const TextField = (props: TextFieldProps) => {
  const { themed, frame, inputProps } = useFieldFrame(props);
  const {
    label: _label,
    helperText: _helperText,
    error: _error,
    fullWidth: _fullWidth,
    size,
    sx: _sx,
    required: _required,
    disabled: _disabled,
    id: _id,
    children: _children,
    slotProps,
    inputMode,
    inputRef,
    ...input
  } = themed;
  const ownRef = useRef<FieldElement>(null);
  const ref = useForkRef(ownRef, inputRef);
  useTypedBeforeHydration(ownRef, input.value, input.onChange);
  const htmlInput = inputMode ? { inputMode, ...slotProps?.htmlInput } : slotProps?.htmlInput;
  return frame(
    <OutlinedInput
      {...input}
      {...inputProps}
      {...(size ? { size } : {})}
      inputRef={ref}
      {...(htmlInput ? { inputProps: htmlInput } : {})}
      {...slotProps?.input}
    />,
  );
};

/**
 * A native select in the same frame (`<option>` children): the phone's own picker. It always
 * shows an option, so its label stays small above it; at least 44 px tall (a touch target).
 */
export const NativeSelectField = ({ slotProps, ...props }: TextFieldProps) => {
  const { themed, frame, inputProps } = useFieldFrame({
    ...props,
    slotProps: { ...slotProps, inputLabel: { shrink: true, ...slotProps?.inputLabel } },
  });
  const { name, value, onChange, onBlur, inputRef, children } = themed;
  return frame(
    <NativeSelect
      input={<OutlinedInput {...inputProps} sx={{ minHeight: 44 }} {...slotProps?.input} />}
      id={inputProps.id}
      name={name}
      value={value}
      onChange={onChange as ChangeEventHandler<HTMLSelectElement> | undefined}
      onBlur={onBlur}
      inputRef={inputRef}
    >
      {children}
    </NativeSelect>,
  );
};
