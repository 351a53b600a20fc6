import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useReservedHandoffWith } from '../api/meetups';
import { MEETUP_TEXTS } from '../messages';
import { ProposeMeetupDialog } from './propose-meetup-dialog';

/** 'Proponer encuentro' in a conversation whose two people have a reserved hand-off. */
export const ProposeMeetupButton = ({ partnerId }: { partnerId: number }) => {
  const handoff = useReservedHandoffWith(partnerId);
  const [isOpen, setOpen] = useState(false);
  if (!handoff.data) return null;
  const pending = handoff.data.pendingMeetup;
  return (
    <>
      {/* On a phone only the icon, so the partner's name keeps its room; the name stays for readers. */}
      <Button
        size="small"
        variant="outlined"
        aria-label={MEETUP_TEXTS.propose}
        startIcon={<EventOutlined />}
        onClick={() => setOpen(true)}
        sx={{
          minWidth: 44,
          ml: 'auto',
          flexShrink: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {MEETUP_TEXTS.propose}
        </Box>
      </Button>
      {isOpen && (
        <ProposeMeetupDialog
          onClose={() => setOpen(false)}
          handoffId={handoff.data.id}
          counterTo={pending?.id}
        />
      )}
    </>
  );
};
