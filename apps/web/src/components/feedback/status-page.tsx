import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/layout/page-container';

/** A centred card with an icon, a heading, a text and actions: 404, unauthorised, en construcción. */
export const StatusPage = ({
  icon,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  eyebrow?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) => (
  <PageContainer
    maxWidth="sm"
    sx={{ display: 'flex', alignItems: 'center', minHeight: { md: '60vh' } }}
  >
    <Card sx={{ width: '100%' }}>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Box
          sx={{
            width: 80,
            height: 80,
            mx: 'auto',
            mb: 2.5,
            borderRadius: '24px',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(98, 0, 234, 0.08)',
            color: 'primary.main',
            '& svg': { fontSize: 40 },
          }}
        >
          {icon}
        </Box>
        {eyebrow}
        <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children && (
          <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
            {children}
          </Typography>
        )}
        {actions && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'center' }}
          >
            {actions}
          </Stack>
        )}
      </CardContent>
    </Card>
  </PageContainer>
);
