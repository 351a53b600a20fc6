import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { MeetupSpot, MeetupSpotBody } from '@unimercado/shared/schemas/meetups';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { TextField } from '@/components/form/text-field';
import { toUserMessage } from '@/lib/api-client';
import { useDeleteMeetupSpot, useMeetupSpots, useSaveMeetupSpot } from '../api/meetups';
import { MEETUP_TEXTS } from '../messages';

const T = MEETUP_TEXTS.admin;

type Draft = Record<
  'name' | 'area' | 'openingHours' | 'description' | 'latitude' | 'longitude',
  string
> & {
  isActive: boolean;
};

const toDraft = (spot: MeetupSpot | null): Draft => ({
  name: spot?.name ?? '',
  area: spot?.area ?? '',
  openingHours: spot?.openingHours ?? '',
  description: spot?.description ?? '',
  latitude: spot?.latitude?.toString() ?? '',
  longitude: spot?.longitude?.toString() ?? '',
  isActive: spot?.isActive ?? true,
});

const toBody = (draft: Draft): MeetupSpotBody => ({
  name: draft.name,
  area: draft.area,
  openingHours: draft.openingHours,
  description: draft.description,
  latitude: draft.latitude.trim() === '' ? null : Number(draft.latitude),
  longitude: draft.longitude.trim() === '' ? null : Number(draft.longitude),
  isActive: draft.isActive,
});

const SpotDialog = ({ spot, onClose }: { spot: MeetupSpot | null; onClose: () => void }) => {
  const save = useSaveMeetupSpot();
  const [draft, setDraft] = useState(() => toDraft(spot));
  const [error, setError] = useState<string | null>(null);
  const field = (name: Exclude<keyof Draft, 'isActive'>, label: string, required = false) => (
    <TextField
      label={label}
      value={draft[name]}
      required={required}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { id: spot?.id ?? null, body: toBody(draft) },
      {
        onSuccess: onClose,
        onError: (failure) => setError(toUserMessage(failure, T.saveError)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{spot ? T.editTitle : T.newTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('name', T.name, true)}
            {field('area', T.area, true)}
            {field('openingHours', T.openingHours, true)}
            {field('description', T.description)}
            <Stack direction="row" spacing={2}>
              {field('latitude', T.latitude)}
              {field('longitude', T.longitude)}
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isActive}
                  onChange={(event) => setDraft({ ...draft, isActive: event.target.checked })}
                />
              }
              label={T.isActive}
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{MEETUP_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {T.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** The admins' list of campus meet-up spots (decision 082): add, edit, deactivate, remove. */
export const MeetupSpotsAdmin = () => {
  const spots = useMeetupSpots(true);
  const remove = useDeleteMeetupSpot();
  const [editing, setEditing] = useState<MeetupSpot | 'new' | null>(null);
  const [notice, setNotice] = useState<{
    severity: 'success' | 'info' | 'error';
    text: string;
  } | null>(null);

  const onRemove = (spot: MeetupSpot) => {
    setNotice(null);
    remove.mutate(spot.id, {
      onSuccess: (result) =>
        setNotice(
          result.deleted
            ? { severity: 'success', text: T.removed }
            : { severity: 'info', text: T.removedInUse },
        ),
      onError: (failure) =>
        setNotice({ severity: 'error', text: toUserMessage(failure, T.saveError) }),
    });
  };

  return (
    <Paper
      component="section"
      aria-labelledby="meetup-spots-title"
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography id="meetup-spots-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {T.title}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {T.add}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      )}
      {spots.isError ? (
        <ErrorAlert
          message={T.loadError}
          onRetry={() => void spots.refetch()}
          isRetrying={spots.isFetching}
        />
      ) : spots.data?.length === 0 ? (
        <Typography color="text.secondary">{T.empty}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={T.title}
        >
          {(spots.data ?? []).map((spot) => (
            <Box
              component="li"
              key={spot.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{spot.name}</Typography>
                <Chip
                  size="small"
                  color={spot.isActive ? 'success' : 'default'}
                  label={spot.isActive ? T.isActive : T.inactive}
                />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {spot.area} · {spot.openingHours}
              </Typography>
              {spot.description && <Typography variant="body2">{spot.description}</Typography>}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" onClick={() => setEditing(spot)}>
                  {T.edit}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => onRemove(spot)}
                >
                  {T.remove}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {editing && (
        <SpotDialog spot={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
};
