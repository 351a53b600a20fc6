import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { CardHeading } from '@/components/layout/card-heading';
import { toUserMessage } from '@/lib/api-client';
import { useChatPreferences, useUpdateChatPreferences } from '../api/chat-preferences';

export const DIGEST_TEXTS = {
  title: 'Avisos por email',
  description:
    'Los avisos llegan siempre a la aplicación; elige cuáles quieres recibir también por email.',
  label: 'Resumen de mensajes sin leer por más de una hora (como máximo uno al día)',
  meetupLabel: 'Recordatorio de mis encuentros, una hora antes',
  expiryLabel: 'Aviso antes de que caduque una publicación',
  loadError: 'No se pudo cargar tu preferencia de avisos por email.',
  saveError: 'No se pudo guardar tu preferencia. Inténtalo de nuevo.',
} as const;

/**
 * The profile's email settings: the unread-messages digest (issue 10), the reminder an hour
 * before an accepted meet-up (decision 083) and the one before a listing expires (decision 094);
 * the in-app notifications come either way.
 */
export const DigestSetting = () => {
  const preferences = useChatPreferences();
  const update = useUpdateChatPreferences();
  return (
    <Card variant="outlined">
      <CardContent>
        <CardHeading
          icon={MarkEmailUnreadOutlined}
          title={DIGEST_TEXTS.title}
          description={DIGEST_TEXTS.description}
        />
        {preferences.isPending ? (
          <Skeleton width={200} height={44} />
        ) : preferences.isError ? (
          <Alert severity="error">{DIGEST_TEXTS.loadError}</Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            {(
              [
                ['unreadDigest', DIGEST_TEXTS.label],
                ['meetupReminderEmail', DIGEST_TEXTS.meetupLabel],
                ['listingExpiryEmail', DIGEST_TEXTS.expiryLabel],
              ] as const
            ).map(([setting, label]) => (
              <FormControlLabel
                key={setting}
                control={
                  <Switch
                    checked={
                      (update.isPending ? update.variables[setting] : undefined) ??
                      preferences.data[setting]
                    }
                    onChange={(event) => update.mutate({ [setting]: event.target.checked })}
                    disabled={update.isPending}
                  />
                }
                label={label}
              />
            ))}
          </Box>
        )}
        {update.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {toUserMessage(update.error, DIGEST_TEXTS.saveError)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
