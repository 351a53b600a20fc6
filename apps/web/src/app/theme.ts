import { createTheme } from '@mui/material/styles';
import { BRAND_COLORS } from '@unimercado/shared/constants';

const headingFont = '"Poppins", "Roboto", "Helvetica Neue", Arial, sans-serif';
const bodyFont = '"Roboto", "Helvetica Neue", Arial, sans-serif';

/**
 * The palette is defined once here (conventions.md, "Look and feel"): purple primary of the seed
 * product, teal secondary, calm background, rounded cards, 44px touch targets, visible focus.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: {
      main: BRAND_COLORS.primary,
      light: '#9d46ff',
      dark: '#0a00b6',
      contrastText: '#ffffff',
    },
    // Teal is too light for white text: dark text keeps AA contrast.
    secondary: {
      main: BRAND_COLORS.secondary,
      light: '#66fff9',
      dark: '#00a896',
      contrastText: '#00201d',
    },
    background: { default: BRAND_COLORS.background, paper: '#ffffff' },
    text: { primary: '#1c1b22', secondary: '#55526a' },
    divider: 'rgba(28, 27, 34, 0.10)',
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: bodyFont,
    h1: {
      fontFamily: headingFont,
      fontWeight: 700,
      fontSize: '2.25rem',
      lineHeight: 1.15,
      letterSpacing: '-0.02em',
    },
    h2: {
      fontFamily: headingFont,
      fontWeight: 700,
      fontSize: '1.875rem',
      lineHeight: 1.2,
      letterSpacing: '-0.01em',
    },
    h3: { fontFamily: headingFont, fontWeight: 600, fontSize: '1.5rem', lineHeight: 1.25 },
    h4: { fontFamily: headingFont, fontWeight: 600, fontSize: '1.375rem', lineHeight: 1.3 },
    h5: { fontFamily: headingFont, fontWeight: 600, fontSize: '1.15rem', lineHeight: 1.35 },
    h6: { fontFamily: headingFont, fontWeight: 600, fontSize: '1rem', lineHeight: 1.4 },
    subtitle1: { fontFamily: headingFont, fontWeight: 500 },
    button: { fontFamily: headingFont, fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { minHeight: '100vh', WebkitTapHighlightColor: 'transparent' },
        '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
        ':focus-visible': { outline: '3px solid #9d46ff', outlineOffset: 2 },
        a: { color: '#6200ea' },
      },
    },
    // ButtonBase resets `outline`, which hid the global focus ring on every button, icon button
    // and link-button; contained buttons (no elevation) then showed no focus at all.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #9d46ff', outlineOffset: 2 } },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { minHeight: 44, borderRadius: 12, paddingInline: 18 } },
    },
    MuiIconButton: { styleOverrides: { root: { minWidth: 44, minHeight: 44 } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 20,
          border: '1px solid rgba(28, 27, 34, 0.08)',
          boxShadow: '0 1px 2px rgba(28, 27, 34, 0.04), 0 8px 24px rgba(98, 0, 234, 0.05)',
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 12, backgroundColor: '#fff' } } },
    MuiMenuItem: { styleOverrides: { root: { minHeight: 44 } } },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 48, borderRadius: 12 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 12 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 20 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiTooltip: { defaultProps: { enterTouchDelay: 400 } },
  },
});
