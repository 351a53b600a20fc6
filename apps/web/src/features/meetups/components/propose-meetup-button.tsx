import EventOutlined from '@mui/icons-material/EventOutlined';
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
      <Button
        size="small"
        variant="outlined"
        startIcon={<EventOutlined />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44, ml: 'auto', flexShrink: 0 }}
      >
        {MEETUP_TEXTS.propose}
      </Button>
      {isOpen && (
        <ProposeMeetupDialog
          open
          onClose={() => setOpen(false)}
          handoffId={handoff.data.id}
          counterTo={pending?.id}
        />
      )}
    </>
  );
};
