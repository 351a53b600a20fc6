import Box from '@mui/material/Box';

/** The product mark: a purple shopping bag with a teal dot (same drawing as public/logo.svg). */
export const LogoMark = ({ size = 36 }: { size?: number }) => (
  <Box
    component="svg"
    viewBox="0 0 64 64"
    aria-hidden="true"
    focusable="false"
    sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
  >
    <rect width="64" height="64" rx="16" fill="#6200ea" />
    <path d="M14 24h36l-3 26a4 4 0 0 1-4 3.6H21a4 4 0 0 1-4-3.6z" fill="#fff" />
    <path
      d="M24 24v-3a8 8 0 0 1 16 0v3"
      fill="none"
      stroke="#fff"
      strokeWidth="4"
      strokeLinecap="round"
    />
    <path
      d="M26 33v6a6 6 0 0 0 12 0v-6"
      fill="none"
      stroke="#6200ea"
      strokeWidth="4"
      strokeLinecap="round"
    />
    <circle cx="47" cy="17" r="6" fill="#03dac6" />
  </Box>
);
