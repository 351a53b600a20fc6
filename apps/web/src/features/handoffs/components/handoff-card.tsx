import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HandoffState } from '@unimercado/shared/schemas/handoffs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { hrefs, paths } from '@/config/paths';
import { toUserMessage } from '@/lib/api-client';
import { formatDateTime, formatPrice } from '@/utils/format';
import { useConfirmHandoff } from '../api/change-handoff';
import type { HandoffMeetup, HandoffView } from '../api/types';
import { HANDOFF_TEXTS } from '../messages';
import { CancelHandoffDialog } from './cancel-handoff-dialog';

const STATE_COLORS: Record<HandoffState, 'warning' | 'success' | 'default'> = {
  reserved: 'warning',
  completed: 'success',
  cancelled: 'default',
};

const BUTTON_SX = { minHeight: 44 } as const;

/** Where and when, in the campus time zone (decision 050). */
const meetupText = (meetup: HandoffMeetup) =>
  `${meetup.spot.name} (${meetup.spot.area}) · ${formatDateTime(meetup.startsAt)}`;

/** The accepted meet-up, else the proposal awaiting an answer, else how to agree on one. */
const Meetup = ({ handoff }: { handoff: HandoffView }) => {
  const { meetup, pendingMeetup } = handoff;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <EventOutlinedIcon fontSize="small" color="action" sx={{ mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle2" component="h4">
          {HANDOFF_TEXTS.meetupTitle}
        </Typography>
        {meetup ? (
          <Typography variant="body2">{meetupText(meetup)}</Typography>
        ) : pendingMeetup ? (
          <Typography variant="body2" component="div">
            <Chip
              size="small"
              variant="outlined"
              color="info"
              label={HANDOFF_TEXTS.meetupPending}
              sx={{ mr: 1 }}
            />
            {meetupText(pendingMeetup)}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {HANDOFF_TEXTS.meetupNone}
          </Typography>
        )}
      </Box>
    </Box>
  );
};

/** What the state means for this side, and what happens next. */
const statusText = (handoff: HandoffView) => {
  if (handoff.state === 'completed') return HANDOFF_TEXTS.completed;
  if (handoff.completesAt) {
    const date = formatDateTime(handoff.completesAt);
    return handoff.role === 'seller'
      ? HANDOFF_TEXTS.sellerConfirmedSeller(date)
      : HANDOFF_TEXTS.sellerConfirmedBuyer(date);
  }
  return handoff.role === 'seller' ? HANDOFF_TEXTS.reservedSeller : HANDOFF_TEXTS.reservedBuyer;
};

/**
 * The hand-off card (issue 20): the product, the other person, the meet-up, the state and what
 * this side can do: 'Confirmar entrega' (the buyer received it; the seller handed it over, then
 * 72 hours for the buyer to object), 'Cancelar reserva' with a reason, and once completed the
 * buyer's review (`onRate`, composed by the page). `onDone` tells the page what happened.
 */
export const HandoffCard = ({
  handoff,
  showConversationLink = true,
  onRate,
  onDone,
}: {
  handoff: HandoffView;
  /** Off inside the conversation with that person. */
  showConversationLink?: boolean;
  onRate?: ((handoff: HandoffView) => void) | undefined;
  onDone?: ((message: string) => void) | undefined;
}) => {
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);
  const confirm = useConfirmHandoff();
  const { product, role, state } = handoff;
  const other = role === 'buyer' ? handoff.seller : handoff.buyer;
  const isReserved = state === 'reserved';
  // The seller confirms once; the buyer may still confirm receipt after the seller did.
  const canConfirm = isReserved && (role === 'buyer' || !handoff.sellerConfirmedAt);
  const photo = product.images[0]?.thumbnailUrl;

  const closeDialog = () => {
    setDialog(null);
    confirm.reset();
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={HANDOFF_TEXTS.cardLabel(product.title)}
      sx={{ borderRadius: 3 }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <Avatar
            variant="rounded"
            src={photo}
            alt={product.title}
            sx={{ width: 72, height: 72, bgcolor: 'grey.100', color: 'primary.main' }}
          >
            <HandshakeOutlinedIcon />
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={hrefs.productDetail(product.id)} underline="hover">
                {product.title}
              </Link>
            </Typography>
            <Typography variant="h6" component="p" color="primary">
              {formatPrice(handoff.price)}
            </Typography>
          </Box>
          <Chip size="small" label={HANDOFF_TEXTS.states[state]} color={STATE_COLORS[state]} />
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {role === 'buyer' ? HANDOFF_TEXTS.seller : HANDOFF_TEXTS.buyer}:{' '}
          <Link component={RouterLink} to={hrefs.publicProfile(other.id)} underline="hover">
            {other.name}
          </Link>
          {showConversationLink && (
            <>
              {' · '}
              <Link
                component={RouterLink}
                to={hrefs.chatWith(other.id)}
                underline="hover"
                aria-label={HANDOFF_TEXTS.conversationWith(other.name)}
              >
                {HANDOFF_TEXTS.conversation}
              </Link>
            </>
          )}
        </Typography>
        {isReserved && <Meetup handoff={handoff} />}
        <Typography variant="body2" color="text.secondary">
          {statusText(handoff)}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {canConfirm && (
          <Button
            variant="contained"
            color="success"
            startIcon={<TaskAltIcon />}
            onClick={() => setDialog('confirm')}
            sx={BUTTON_SX}
          >
            {HANDOFF_TEXTS.confirm}
          </Button>
        )}
        {isReserved && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDialog('cancel')}
            sx={{ ...BUTTON_SX, ml: '0 !important' }}
          >
            {HANDOFF_TEXTS.cancel}
          </Button>
        )}
        {state === 'completed' &&
          role === 'buyer' &&
          (handoff.isReviewed ? (
            <Chip
              icon={<TaskAltIcon />}
              label={HANDOFF_TEXTS.rated}
              color="success"
              variant="outlined"
            />
          ) : (
            onRate && (
              <Button
                variant="contained"
                startIcon={<StarRoundedIcon />}
                onClick={() => onRate(handoff)}
                sx={BUTTON_SX}
              >
                {HANDOFF_TEXTS.rate}
              </Button>
            )
          ))}
        <Link
          component={RouterLink}
          to={paths.safetyTips}
          underline="hover"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            minHeight: 44,
            ml: '0 !important',
          }}
        >
          <ShieldOutlinedIcon fontSize="small" />
          {HANDOFF_TEXTS.safetyTips}
        </Link>
      </CardActions>
      <ConfirmDialog
        open={dialog === 'confirm'}
        title={HANDOFF_TEXTS.confirmTitle}
        confirmLabel={HANDOFF_TEXTS.confirm}
        pendingLabel={HANDOFF_TEXTS.confirming}
        confirmColor="success"
        isPending={confirm.isPending}
        error={confirm.isError ? toUserMessage(confirm.error, HANDOFF_TEXTS.confirmError) : null}
        onConfirm={() =>
          confirm.mutate(handoff.id, {
            onSuccess: () => {
              setDialog(null);
              onDone?.(HANDOFF_TEXTS.confirmed);
            },
          })
        }
        onClose={closeDialog}
      >
        {role === 'buyer'
          ? HANDOFF_TEXTS.confirmBuyer(product.title)
          : HANDOFF_TEXTS.confirmSeller(product.title, other.name)}
      </ConfirmDialog>
      {dialog === 'cancel' && (
        <CancelHandoffDialog
          handoff={handoff}
          onClose={() => setDialog(null)}
          onCancelled={() => {
            setDialog(null);
            onDone?.(HANDOFF_TEXTS.cancelled);
          }}
        />
      )}
    </Card>
  );
};
