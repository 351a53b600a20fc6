import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmailAddress } from '@/components/text/email-address';
import { formatDate } from '@/utils/format';
import { getInitials } from '@/utils/initials';

type ProfileUser = {
  name: string;
  email: string | null;
  phone?: string | null;
  createdAt?: string;
};

const InfoRow = ({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) => (
  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
    <Box sx={{ color: 'primary.main', mt: 0.25, display: 'flex' }}>{icon}</Box>
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>{children}</Typography>
    </Box>
  </Box>
);

/**
 * Initials avatar, name and contact details; `actions` sits at the top right. Without an email
 * the viewer may not see contact details: `contactHint` says how they could.
 */
export const ProfileCard = ({
  user,
  actions,
  showEmptyPhone = false,
  contactHint,
}: {
  user: ProfileUser;
  actions?: ReactNode;
  showEmptyPhone?: boolean;
  contactHint?: ReactNode;
}) => {
  const joined = user.createdAt ? formatDate(user.createdAt) : '';
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
          {/* MUI Avatar's look as a plain box (issue 7's JS budget). */}
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              width: { xs: 60, sm: 72 },
              height: { xs: 60, sm: 72 },
              borderRadius: '50%',
              overflow: 'hidden',
              userSelect: 'none',
              lineHeight: 1,
              color: 'background.default',
              bgcolor: 'primary.main',
              fontSize: '1.6rem',
              fontWeight: 600,
              fontFamily: 'Poppins, Roboto, sans-serif',
              '@media (forced-colors: active)': {
                boxSizing: 'border-box',
                border: '1px solid ButtonBorder',
              },
            }}
          >
            {getInitials(user.name)}
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>
              {user.name}
            </Typography>
            {joined && (
              <Typography variant="body2" color="text.secondary">
                Miembro desde {joined}
              </Typography>
            )}
          </Box>
          {actions && (
            <Box sx={{ alignSelf: 'flex-start', display: 'flex', gap: 0.5 }}>{actions}</Box>
          )}
        </Box>
        {user.email === null ? (
          contactHint && (
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1.5 }}>
              <LockOutlinedIcon fontSize="small" sx={{ color: 'text.secondary', mt: 0.25 }} />
              <span>{contactHint}</span>
            </Typography>
          )
        ) : (
          <Stack spacing={2}>
            <InfoRow icon={<EmailOutlinedIcon />} label="Correo electrónico">
              <EmailAddress email={user.email} />
            </InfoRow>
            {(user.phone || showEmptyPhone) && (
              <InfoRow icon={<PhoneOutlinedIcon />} label="Teléfono">
                {user.phone || 'Sin teléfono'}
              </InfoRow>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
