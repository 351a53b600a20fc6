import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Meetup } from '@unimercado/shared/schemas/meetups';
import { useState } from 'react';
import { toUserMessage } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { useAnswerMeetup } from '../api/meetups';
import { MEETUP_TEXTS } from '../messages';
import { ProposeMeetupDialog } from './propose-meetup-dialog';

const STATE_COLORS = {
  proposed: 'warning',
  accepted: 'success',
  declined: 'default',
  superseded: 'default',
} as const;

/**
 * A meet-up proposal as it shows in the chat (decision 083): the spot and the time, its state for
 * both sides, and for the one who received a pending proposal 'Aceptar', 'Rechazar' and
 * 'Proponer otro'.
 */
export const MeetupCard = ({ meetup, myId }: { meetup: Meetup; myId: number }) => {
  const answer = useAnswerMeetup();
  const [isCounterOpen, setCounterOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answered, setAnswered] = useState<Meetup | null>(null);
  // The answer shows at once; the message pushed again by the server follows.
  const shown =
    answered && answered.id === meetup.id && meetup.state === 'proposed' ? answered : meetup;
  const isMine = shown.proposerId === myId;
  const canAnswer = !isMine && shown.state === 'proposed';

  const reply = (action: 'accept' | 'decline') => {
    setError(null);
    answer.mutate(
      { id: shown.id, answer: action },
      {
        onSuccess: setAnswered,
        onError: (failure) => setError(toUserMessage(failure, MEETUP_TEXTS.answerError)),
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: isMine ? 'flex-end' : 'flex-start', mb: 1 }}>
      <Box
        component="article"
        aria-label={MEETUP_TEXTS.cardTitle}
        sx={{
          width: { xs: '88%', sm: 360 },
          border: 1,
          borderColor: shown.state === 'accepted' ? 'success.main' : 'divider',
          borderRadius: 3,
          bgcolor: 'background.paper',
          p: 2,
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <PlaceOutlined color="primary" />
          <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
            {MEETUP_TEXTS.cardTitle}
          </Typography>
          <Chip
            size="small"
            color={STATE_COLORS[shown.state]}
            label={MEETUP_TEXTS.states[shown.state]}
          />
        </Stack>
        <Typography sx={{ fontWeight: 600 }}>{shown.spot.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {shown.spot.area}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {formatDateTime(shown.startsAt)}
        </Typography>
        {canAnswer && (
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              size="small"
              disabled={answer.isPending}
              onClick={() => reply('accept')}
            >
              {MEETUP_TEXTS.accept}
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={answer.isPending}
              onClick={() => reply('decline')}
            >
              {MEETUP_TEXTS.decline}
            </Button>
            <Button size="small" onClick={() => setCounterOpen(true)}>
              {MEETUP_TEXTS.proposeOther}
            </Button>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        {isCounterOpen && (
          <ProposeMeetupDialog
            onClose={() => setCounterOpen(false)}
            handoffId={shown.handoffId}
            counterTo={shown.id}
          />
        )}
      </Box>
    </Box>
  );
};
