import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useForkRef } from '@mui/material/utils';
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';

/*
 * The search page's fields, from MUI's outlined field parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText, NativeSelect) as MUI's TextField documentation composes them.
 * MUI's TextField itself always brings Select, Menu, Popover and Modal (≈ 20 KB brotli), which
 * would take the search page, hydrated with its results, past the 170 KB budget (decision 051).
 */

type SearchTextFieldProps = Omit<OutlinedInputProps, 'label' | 'error'> & {
  label: string;
  /** Under the field, as the field's description; the field turns red. */
  error?: string | undefined;
};

/** A labelled outlined text field that keeps what was typed before hydration. */
export const SearchTextField = ({ label, error, id, inputRef, ...input }: SearchTextFieldProps) => {
  const ownRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const ref = useForkRef(ownRef, inputRef);
  useTypedBeforeHydration(ownRef, input.value, input.onChange);
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl fullWidth error={error !== undefined}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        inputRef={ref}
        id={inputId}
        label={label}
        {...(error !== undefined ? { 'aria-describedby': helperId } : {})}
      />
      {error !== undefined && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
};

/** A labelled native select (the phone's own picker), label always small. */
export const SearchSelectField = ({
  label,
  value,
  onChange,
  children,
  size,
  sx,
}: {
  label: string;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
  size?: FormControlProps['size'];
  sx?: FormControlProps['sx'];
}) => {
  const id = useId();
  return (
    <FormControl fullWidth size={size} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        input={<OutlinedInput label={label} notched sx={{ minHeight: 44 }} />}
        value={value}
        onChange={onChange}
      >
        {children}
      </NativeSelect>
    </FormControl>
  );
};
