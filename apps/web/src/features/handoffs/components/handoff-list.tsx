import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import type { HandoffView } from '../api/types';
import { HANDOFF_TEXTS } from '../messages';
import { HandoffCard } from './handoff-card';

export type HandoffListProps = {
  items: HandoffView[];
  /** `section`: a titled grid of cards (My purchases, My products); `conversation`: folded cards atop a chat. */
  variant: 'section' | 'conversation';
  onRate?: ((handoff: HandoffView) => void) | undefined;
};

/** The hand-off cards of a page or of a conversation, and the notice after an action. */
export const HandoffList = ({ items, variant, onRate }: HandoffListProps) => {
  const [notice, setNotice] = useState<string | null>(null);
  const cardProps = { onRate, onDone: setNotice };
  return (
    <>
      {variant === 'section' ? (
        <Box component="section" aria-labelledby="handoffs-title" sx={{ mb: 3 }}>
          <Typography id="handoffs-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
            {HANDOFF_TEXTS.sectionTitle}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {items.map((handoff) => (
              <HandoffCard key={handoff.id} handoff={handoff} {...cardProps} />
            ))}
          </Box>
        </Box>
      ) : (
        // At most half the conversation's height: the history stays in view.
        <Box
          sx={{
            px: 1.5,
            pt: 1,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            flexShrink: 0,
            maxHeight: '50%',
            overflowY: 'auto',
          }}
        >
          {items.map((handoff) => (
            <Accordion
              key={handoff.id}
              disableGutters
              variant="outlined"
              slotProps={{ transition: { unmountOnExit: true } }}
              sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                sx={{ minHeight: 44, '& .MuiAccordionSummary-content': { minWidth: 0 } }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                  <Chip
                    sx={{ flexShrink: 0 }}
                    size="small"
                    color={handoff.state === 'reserved' ? 'warning' : 'success'}
                    label={HANDOFF_TEXTS.states[handoff.state]}
                  />
                  <Typography variant="body2" noWrap>
                    {HANDOFF_TEXTS.cardLabel(handoff.product.title)}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails sx={{ p: 1 }}>
                <HandoffCard handoff={handoff} showConversationLink={false} {...cardProps} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      )}
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} />
    </>
  );
};
