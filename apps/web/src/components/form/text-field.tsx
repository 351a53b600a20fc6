import MuiTextField, { type TextFieldProps } from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import { useRef } from 'react';
import { useTypedBeforeHydration } from '@/lib/typed-before-hydration';

export type { TextFieldProps };

/**
 * MUI's TextField, theme defaults included (`fullWidth`, the outline's radius: app/theme.ts), that
 * keeps what was typed before hydration (`useTypedBeforeHydration`).
 */
export const TextField = ({ inputRef, ...props }: TextFieldProps) => {
  const ownRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const ref = useForkRef(ownRef, inputRef);
  useTypedBeforeHydration(ownRef, props.value, props.onChange);
  return <MuiTextField {...props} inputRef={ref} />;
};

/** A native select in MUI's TextField (`<option>` children): the phone's own picker. */
export const NativeSelectField = ({ slotProps, ...props }: TextFieldProps) => (
  <MuiTextField {...props} select slotProps={{ ...slotProps, select: { native: true } }} />
);
