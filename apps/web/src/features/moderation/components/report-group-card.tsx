import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModerationGroup } from '@unimercado/shared/schemas/safety';
import {
  MODERATION_ACTION_LABELS,
  REPORT_REASONS,
  type ModerationAction,
} from '@unimercado/shared/schemas/safety-labels';
import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/utils/format';
import { MODERATION_TEXTS } from '../messages';

/** The actions that fit a target (the server refuses the others with 400). */
export const actionsFor = (group: Pick<ModerationGroup, 'targetType' | 'member'>) => {
  const actions: ModerationAction[] = [];
  if (group.targetType === 'product') actions.push('hideListing');
  if (group.targetType === 'message') actions.push('removeMessage');
  if (group.member) actions.push('warn', 'suspend');
  actions.push('dismiss');
  return actions;
};

const Context = ({ group }: { group: ModerationGroup }) => {
  if (group.targetType === 'product' && group.product) {
    const { product } = group;
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={hrefs.productDetail(product.id)} sx={{ fontWeight: 600 }}>
          {product.title}
        </Link>
        <Typography component="span" color="text.secondary">
          {formatPrice(product.price)}
        </Typography>
        {product.hidden && (
          <Chip size="small" color="warning" label={MODERATION_TEXTS.hiddenChip} />
        )}
      </Box>
    );
  }
  if (group.targetType === 'message' && group.message) {
    const reportedId = group.message.id;
    // A message is reported by the member who received it: both names are known.
    const names = new Map<number, string>(
      group.reports.map((report) => [report.reporterId, report.reporterName]),
    );
    if (group.member) names.set(group.member.id, group.member.name);
    return (
      <Box
        component="ol"
        aria-label={MODERATION_TEXTS.conversation}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}
      >
        {group.conversation.map((line) => {
          const isReported = line.id === reportedId;
          return (
            <Box
              component="li"
              key={line.id}
              aria-current={isReported ? 'true' : undefined}
              sx={{
                px: 1.5,
                py: 0.75,
                borderRadius: 2,
                bgcolor: isReported ? 'warning.light' : 'grey.100',
                border: isReported ? '2px solid' : 'none',
                borderColor: 'warning.main',
                overflowWrap: 'anywhere',
              }}
            >
              <Typography variant="caption" color="text.secondary" component="div">
                {names.get(line.senderId) ?? `#${line.senderId}`} · {formatDateTime(line.createdAt)}
                {isReported && ` · ${MODERATION_TEXTS.reportedMessage}`}
              </Typography>
              <Typography variant="body2">{line.content}</Typography>
            </Box>
          );
        })}
      </Box>
    );
  }
  if (group.targetType === 'user') return null;
  return <Typography color="text.secondary">{MODERATION_TEXTS.targetGone}</Typography>;
};

/** One target of the queue: what was reported, by whom and why, and the actions that fit it. */
export const ReportGroupCard = ({
  group,
  onAct,
  onPreloadAction,
}: {
  group: ModerationGroup;
  onAct: (action: ModerationAction) => void;
  /** Loads the action dialog's code ahead of a click. */
  onPreloadAction?: () => void;
}) => {
  const headingId = `moderation-${group.targetType}-${group.targetId}`;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Chip
            size="small"
            color="primary"
            variant="outlined"
            label={MODERATION_TEXTS.targetLabel[group.targetType]}
          />
          <Typography id={headingId} variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {group.member ? (
              <Link component={RouterLink} to={hrefs.publicProfile(group.member.id)}>
                {group.member.name}
              </Link>
            ) : (
              MODERATION_TEXTS.memberGone
            )}
          </Typography>
          <Chip size="small" color="error" label={MODERATION_TEXTS.reportCount(group.count)} />
        </Box>
        <Box sx={{ mb: 2 }}>
          <Context group={group} />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {MODERATION_TEXTS.reports}
        </Typography>
        <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {group.reports.map((report) => (
            <Box component="li" key={report.id}>
              <Typography variant="body2">
                <strong>{REPORT_REASONS[report.reason]}</strong>
                {report.details ? `: ${report.details}` : ''}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {MODERATION_TEXTS.reportedBy(report.reporterName)} ·{' '}
                {formatDateTime(report.createdAt)}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }} disableSpacing>
        {actionsFor(group).map((action) => (
          <Button
            key={action}
            size="small"
            variant={action === 'dismiss' ? 'text' : 'outlined'}
            color={action === 'dismiss' ? 'inherit' : 'error'}
            onMouseEnter={onPreloadAction}
            onFocus={onPreloadAction}
            onClick={() => onAct(action)}
          >
            {MODERATION_ACTION_LABELS[action]}
          </Button>
        ))}
      </CardActions>
    </Card>
  );
};
