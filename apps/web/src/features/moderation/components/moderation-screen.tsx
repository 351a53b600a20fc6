import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ModerationAction, ModerationGroup } from '@unimercado/shared/schemas/safety';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ListSkeleton } from '@/components/feedback/list-skeleton';
import { NoticeSnackbar } from '@/components/feedback/notice-snackbar';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { lazyPart } from '@/lib/lazy-part';
import { useModerationQueue } from '../api/moderation';
import { MODERATION_TEXTS } from '../messages';
import { QueryState } from './query-state';
import { ReportGroupCard } from './report-group-card';

// What the first render does not need loads later (the route's JavaScript budget, decision 079):
// the action dialog (a form, a dialog) on hover, focus or click of an action; the other tabs when
// opened.
const ModerationActionDialog = lazyPart(
  'moderation-action-dialog',
  async () => (await import('./moderation-action-dialog')).ModerationActionDialog,
);
const loadLog = () => import('./moderation-log');
const ModerationLog = lazyPart('moderation-log', async () => (await loadLog()).ModerationLog);
const NoShowList = lazyPart('no-show-list', async () => (await loadLog()).NoShowList);

const TABS = ['reportes', 'registro', 'ausencias'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABELS: Record<TabKey, string> = {
  reportes: MODERATION_TEXTS.tabs.queue,
  registro: MODERATION_TEXTS.tabs.log,
  ausencias: MODERATION_TEXTS.tabs.noShows,
};

const QueueSkeleton = () => (
  <Stack spacing={2} aria-hidden>
    {[0, 1].map((key) => (
      <Skeleton key={key} variant="rounded" height={220} />
    ))}
  </Stack>
);

const Queue = ({ onNotice }: { onNotice: (text: string) => void }) => {
  const queue = useModerationQueue();
  const [acting, setActing] = useState<{
    group: ModerationGroup;
    action: ModerationAction;
  } | null>(null);
  return (
    <>
      <QueryState
        query={queue}
        errorText={MODERATION_TEXTS.queueError}
        emptyText={MODERATION_TEXTS.queueEmpty}
        skeleton={<QueueSkeleton />}
      >
        {(groups) => (
          <Stack spacing={2}>
            {groups.map((group) => (
              <ReportGroupCard
                key={`${group.targetType}:${group.targetId}`}
                group={group}
                onAct={(action) => setActing({ group, action })}
                onPreloadAction={() => void ModerationActionDialog.preload()}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {/* Outside the list: acting on the last group empties it while the dialog finishes. */}
      {acting && (
        <Suspense fallback={null}>
          <ModerationActionDialog
            target={{
              targetType: acting.group.targetType,
              targetId: acting.group.targetId,
              memberName: acting.group.member?.name ?? null,
            }}
            action={acting.action}
            onClose={() => setActing(null)}
            onDone={() => {
              setActing(null);
              onNotice(MODERATION_TEXTS.done);
            }}
          />
        </Suspense>
      )}
    </>
  );
};

/**
 * /admin-panel/moderacion (decision 079): the open reports grouped by target with their context
 * and actions, the audit log and the members who did not show up to hand-offs. Admins only: the
 * route table's `admin` access guards it.
 */
export const ModerationScreen = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useModerationQueue();
  const requested = searchParams.get('tab');
  const tab: TabKey = TABS.find((key) => key === requested) ?? 'reportes';
  return (
    <>
      <Button
        component={RouterLink}
        to={paths.adminPanel}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 2, ml: -1 }}
      >
        {MODERATION_TEXTS.backToPanel}
      </Button>
      <PageHeader title={MODERATION_TEXTS.title} subtitle={MODERATION_TEXTS.subtitle} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) =>
            setSearchParams(next === 'reportes' ? {} : { tab: next }, { replace: true })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={MODERATION_TEXTS.title}
        >
          {TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              id={`moderation-tab-${key}`}
              aria-controls={`moderation-panel-${key}`}
              sx={{ minHeight: 48 }}
              label={
                key === 'reportes' && queue.data && queue.data.length > 0 ? (
                  <Badge color="error" badgeContent={queue.data.length} sx={{ pr: 1.5 }}>
                    {TAB_LABELS[key]}
                  </Badge>
                ) : (
                  TAB_LABELS[key]
                )
              }
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`moderation-panel-${tab}`} aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'reportes' && <Queue onNotice={setNotice} />}
        <Suspense fallback={<ListSkeleton />}>
          {tab === 'registro' && <ModerationLog />}
          {tab === 'ausencias' && <NoShowList />}
        </Suspense>
      </Box>
      <NoticeSnackbar message={notice} onClose={() => setNotice(null)} autoHideDuration={4000} />
    </>
  );
};
