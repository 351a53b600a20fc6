import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const TONES = {
  primary: { bg: 'rgba(98, 0, 234, 0.08)', fg: 'primary.main' },
  success: { bg: 'rgba(46, 125, 50, 0.10)', fg: 'success.dark' },
  error: { bg: 'rgba(211, 47, 47, 0.10)', fg: 'error.main' },
} as const;

/** A text link between the account screens, still a 44px touch target (conventions.md). */
export const TOUCH_LINK_SX = {
  fontWeight: 600,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
} as const;

/** The centred card that frames the account screens. */
export const AuthCard = ({
  icon,
  title,
  subtitle,
  children,
  maxWidth = 'xs',
  tone = 'primary',
}: {
  icon?: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm';
  tone?: 'primary' | 'success' | 'error';
}) => (
  <Box
    sx={{
      background:
        'radial-gradient(900px 400px at 50% -120px, rgba(98, 0, 234, 0.12), transparent 70%)',
      py: { xs: 3, sm: 6 },
      px: { xs: 0, sm: 2 },
    }}
  >
    <Container maxWidth={maxWidth} sx={{ px: { xs: 2, sm: 3 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            {icon && (
              <Box
                sx={{
                  width: 64,
                  height: 64,
                  mx: 'auto',
                  mb: 2,
                  borderRadius: '20px',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: TONES[tone].bg,
                  color: TONES[tone].fg,
                  '& svg': { fontSize: 32 },
                }}
              >
                {icon}
              </Box>
            )}
            <Typography variant="h3" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography component="div" color="text.secondary" sx={{ mt: 1 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Container>
  </Box>
);

/** An account screen waiting for the server (checking a link): a spinner and one line. */
export const AuthLoadingCard = ({ title, label }: { title: string; label: string }) => (
  <AuthCard title={title} icon={<CircularProgress size={32} aria-label={label} />}>
    <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
      Esto solo tomará un momento.
    </Typography>
  </AuthCard>
);
