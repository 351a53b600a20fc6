import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { NativeSelectField, TextField } from '@/components/form/text-field';
import { toUserMessage } from '@/lib/api-client';
import { campusWallTime } from '@unimercado/shared/wall-time';
import { env } from '@/config/env';
import { useMeetupSpots, useProposeMeetup } from '../api/meetups';
import { MEETUP_TEXTS } from '../messages';

/** The field's day and time, read and written in the campus's zone (where the two meet). */
const { fromWallTime, toWallTime } = campusWallTime(env.campusTimeZone);

/** A spot and a day and time for the hand-off; `counterTo` replaces the pending proposal. */
export const ProposeMeetupDialog = ({
  onClose,
  handoffId,
  counterTo,
}: {
  onClose: () => void;
  handoffId: number;
  counterTo?: number | undefined;
}) => {
  const spots = useMeetupSpots();
  const propose = useProposeMeetup();
  const [spotId, setSpotId] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const now = new Date();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (spotId === '') return setError(MEETUP_TEXTS.spotRequired);
    // The field's day and time are the campus's (where the two meet), not the device's zone.
    const when = fromWallTime(startsAt);
    if (!when) {
      return setError(MEETUP_TEXTS.startsAtRequired);
    }
    setError(null);
    propose.mutate(
      {
        handoffId,
        body: {
          spotId: Number(spotId),
          startsAt: when.toISOString(),
          ...(counterTo ? { counterTo } : {}),
        },
      },
      {
        onSuccess: () => {
          setSpotId('');
          setStartsAt('');
          onClose();
        },
        onError: (failure) => setError(toUserMessage(failure, MEETUP_TEXTS.proposeError)),
      },
    );
  };

  return (
    <FormDialog
      title={counterTo ? MEETUP_TEXTS.counterTitle : MEETUP_TEXTS.dialogTitle}
      cancelLabel={MEETUP_TEXTS.cancel}
      submitLabel={propose.isPending ? MEETUP_TEXTS.sending : MEETUP_TEXTS.send}
      isPending={propose.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {MEETUP_TEXTS.dialogIntro}
        </Typography>
        {spots.isError && <Alert severity="error">{MEETUP_TEXTS.spotsError}</Alert>}
        <NativeSelectField
          label={MEETUP_TEXTS.spot}
          value={spotId}
          onChange={(event) => setSpotId(event.target.value)}
        >
          <option value="">{MEETUP_TEXTS.pickSpot}</option>
          {(spots.data ?? []).map((spot) => (
            <option key={spot.id} value={spot.id}>
              {spot.name} — {spot.area}
            </option>
          ))}
        </NativeSelectField>
        <TextField
          label={MEETUP_TEXTS.startsAt}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              min: toWallTime(now),
              max: toWallTime(now.getTime() + 30 * 24 * 60 * 60 * 1000),
            },
          }}
        />
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </FormDialog>
  );
};
