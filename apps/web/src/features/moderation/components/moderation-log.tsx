import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODERATION_ACTION_LABELS } from '@unimercado/shared/schemas/safety-labels';
import { formatDate, formatDateTime } from '@/utils/format';
import { useModerationLog, useNoShows } from '../api/moderation';
import { MODERATION_TEXTS } from '../messages';
import { QueryState } from './query-state';

const ROW_SX = { py: 1.5, borderBottom: '1px solid', borderColor: 'divider' } as const;
const LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;

/** The audit log: who did what, to whom, when and why (decision 071), newest first. */
export const ModerationLog = () => (
  <QueryState
    query={useModerationLog()}
    errorText={MODERATION_TEXTS.logError}
    emptyText={MODERATION_TEXTS.logEmpty}
  >
    {(entries) => (
      <Stack component="ol" aria-label={MODERATION_TEXTS.tabs.log} sx={LIST_SX}>
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={ROW_SX}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {MODERATION_ACTION_LABELS[entry.action]}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={`${MODERATION_TEXTS.targetLabel[entry.targetType]} #${entry.targetId}`}
              />
              {entry.member && <Chip size="small" label={entry.member.name} />}
            </Box>
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {MODERATION_TEXTS.reason}: {entry.reason}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {MODERATION_TEXTS.by(entry.admin?.name ?? MODERATION_TEXTS.system)} ·{' '}
              {formatDateTime(entry.createdAt)}
              {entry.action === 'suspend' &&
                ` · ${entry.until ? MODERATION_TEXTS.until(formatDate(entry.until)) : MODERATION_TEXTS.permanent}`}
            </Typography>
          </Box>
        ))}
      </Stack>
    )}
  </QueryState>
);

/** Members the other side reported as not showing up to a hand-off (decision 075), most first. */
export const NoShowList = () => (
  <QueryState
    query={useNoShows()}
    errorText={MODERATION_TEXTS.noShowsError}
    emptyText={MODERATION_TEXTS.noShowsEmpty}
  >
    {(rows) => (
      <>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {MODERATION_TEXTS.noShowsIntro}
        </Typography>
        <Stack component="ul" aria-label={MODERATION_TEXTS.tabs.noShows} sx={LIST_SX}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row.userId}
              sx={{ ...ROW_SX, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{row.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {row.email}
                </Typography>
              </Box>
              <Chip color="warning" label={MODERATION_TEXTS.noShowCount(row.count)} />
              <Typography variant="caption" color="text.secondary">
                {MODERATION_TEXTS.lastNoShow(formatDateTime(row.lastAt))}
              </Typography>
            </Box>
          ))}
        </Stack>
      </>
    )}
  </QueryState>
);
