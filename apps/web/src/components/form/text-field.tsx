import MuiTextField, { type TextFieldProps } from '@mui/material/TextField';
import { useForkRef } from '@mui/material/utils';
import { useEffect, useEffectEvent, useRef, type ChangeEvent } from 'react';
import { takeTypedText } from '@/lib/typed-before-hydration';

export type { TextFieldProps };

/**
 * MUI's TextField, theme defaults included (`fullWidth`, the outline's radius: app/theme.ts). Once
 * hydrated it hands the text typed into the server's page before the app loaded to its own
 * `onChange`, as if typed after (lib/typed-before-hydration.ts, decision 051).
 */
export const TextField = ({ inputRef, ...props }: TextFieldProps) => {
  const ownRef = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const ref = useForkRef(ownRef, inputRef);
  const takeOver = useEffectEvent(() => {
    const field = ownRef.current;
    const text = takeTypedText(field);
    const { value } = props;
    const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (!field || text === undefined || text === current) return;
    if (field.value !== text) field.value = text;
    // What a change event carries to a field's handler: the field, now with the typed text.
    props.onChange?.({ target: field, currentTarget: field } as ChangeEvent<HTMLInputElement>);
  });
  useEffect(() => {
    takeOver();
  }, []);
  return <MuiTextField {...props} inputRef={ref} />;
};

/** A native select in MUI's TextField (`<option>` children): the phone's own picker. */
export const NativeSelectField = ({ slotProps, ...props }: TextFieldProps) => (
  <MuiTextField {...props} select slotProps={{ ...slotProps, select: { native: true } }} />
);
