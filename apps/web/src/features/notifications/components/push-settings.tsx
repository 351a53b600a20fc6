import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PUSH_CATEGORIES } from '@unimercado/shared/push-constants';
import { useEffect, useState } from 'react';
import { CardHeading } from '@/components/layout/card-heading';
import { toUserMessage } from '@/lib/api-client';
import {
  isPushSupported,
  readDeviceSubscription,
  subscribeDevice,
  unsubscribeDevice,
  usePushPreferences,
  useUpdatePushPreferences,
} from '../api/push';
import { PUSH_TEXTS } from '../messages';

type DeviceState = 'loading' | 'unsupported' | 'denied' | 'on' | 'off';

const readDeviceState = async (): Promise<DeviceState> => {
  if (!isPushSupported()) return 'unsupported';
  try {
    if (await readDeviceSubscription()) return 'on';
    return Notification.permission === 'denied' ? 'denied' : 'off';
  } catch {
    return 'unsupported';
  }
};

/** Whether this browser receives the member's pushes, read once mounted (never on the server). */
const useDeviceSubscription = () => {
  const [state, setState] = useState<DeviceState>('loading');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    void readDeviceState().then((next) => {
      if (isCurrent) setState(next);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  const change = async (isOn: boolean) => {
    setIsBusy(true);
    setError(null);
    try {
      if (isOn) await subscribeDevice();
      else await unsubscribeDevice();
      setState(isOn ? 'on' : 'off');
    } catch {
      if (isOn && Notification.permission === 'denied') setState('denied');
      else setError(isOn ? PUSH_TEXTS.subscribeError : PUSH_TEXTS.unsubscribeError);
    } finally {
      setIsBusy(false);
    }
  };
  return { state, error, isBusy, change };
};

/** The profile's push settings (issue 21): this device on or off, and each category. */
export const PushSettings = () => {
  const device = useDeviceSubscription();
  const preferences = usePushPreferences();
  const update = useUpdatePushPreferences();
  return (
    <Card variant="outlined">
      <CardContent>
        <CardHeading
          icon={NotificationsActiveOutlined}
          title={PUSH_TEXTS.title}
          description={PUSH_TEXTS.description}
        />
        {device.state === 'loading' ? (
          <Skeleton width={260} height={44} />
        ) : device.state === 'unsupported' ? (
          <Alert severity="info">{PUSH_TEXTS.unsupported}</Alert>
        ) : device.state === 'denied' ? (
          <Alert severity="warning">{PUSH_TEXTS.denied}</Alert>
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={device.state === 'on'}
                onChange={(event) => void device.change(event.target.checked)}
                disabled={device.isBusy}
              />
            }
            label={PUSH_TEXTS.device}
          />
        )}
        {device.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {device.error}
          </Alert>
        )}
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {PUSH_TEXTS.categoriesTitle}
        </Typography>
        {preferences.isPending ? (
          <Skeleton height={44 * PUSH_CATEGORIES.length} />
        ) : preferences.isError ? (
          <Alert severity="error">{PUSH_TEXTS.loadError}</Alert>
        ) : (
          <FormGroup>
            {PUSH_CATEGORIES.map((category) => {
              const pending = update.isPending ? update.variables[category] : undefined;
              return (
                <FormControlLabel
                  key={category}
                  control={
                    <Switch
                      checked={pending ?? preferences.data[category]}
                      onChange={(event) => update.mutate({ [category]: event.target.checked })}
                      disabled={update.isPending}
                    />
                  }
                  label={PUSH_TEXTS.categories[category]}
                />
              );
            })}
          </FormGroup>
        )}
        {update.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {toUserMessage(update.error, PUSH_TEXTS.saveError)}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
