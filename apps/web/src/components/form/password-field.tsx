import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** What the show/hide button acts on: 'Mostrar {toggleLabel}' (e.g. 'confirmación de contraseña'). */
  toggleLabel?: string;
};

/** A password input with a show/hide toggle (spec section 2, login and register). */
export const PasswordField = ({
  slotProps,
  toggleLabel = 'contraseña',
  ...props
}: PasswordFieldProps) => {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setIsVisible((visible) => !visible)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                aria-label={`${isVisible ? 'Ocultar' : 'Mostrar'} ${toggleLabel}`}
                aria-pressed={isVisible}
              >
                {isVisible ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
