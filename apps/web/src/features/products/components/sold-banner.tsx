import Box from '@mui/material/Box';
import { PRODUCTS_TEXT } from '../messages';

/** The spec's VENDIDO banner across a sold product's photo (or another word: 'Comprado'). */
export const SoldBanner = ({
  size = 'small',
  label = PRODUCTS_TEXT.sold,
}: {
  size?: 'small' | 'large';
  label?: string;
}) => (
  <Box
    sx={{
      position: 'absolute',
      left: 0,
      right: 0,
      top: '50%',
      transform: 'translateY(-50%)',
      py: size === 'large' ? 1.5 : 0.75,
      bgcolor: 'rgba(183, 28, 28, 0.92)',
      color: '#fff',
      textAlign: 'center',
      fontFamily: 'Poppins, Roboto, sans-serif',
      fontWeight: 700,
      letterSpacing: '0.2em',
      fontSize: size === 'large' ? '1.5rem' : '0.95rem',
      boxShadow: '0 4px 14px rgba(0,0,0,0.2)',
      pointerEvents: 'none',
    }}
  >
    {label}
  </Box>
);
