import NativeSelect from '@mui/material/NativeSelect';
import type { TextFieldProps } from '@mui/material/TextField';
import { InputFrame } from './text-input';

/**
 * A native select as MUI's TextField draws one (`select` with `slotProps.select.native`): the
 * outlined frame around MUI's NativeSelect, without the menu Select, Popover and Modal that
 * TextField always imports (issue 7's JS budget). `<option>` children.
 */
export const SelectInput = (props: TextFieldProps) => (
  <InputFrame
    props={props}
    wrapInput={(input, { children, error }) => (
      <NativeSelect input={input} inputProps={{ error }}>
        {children}
      </NativeSelect>
    )}
  />
);
