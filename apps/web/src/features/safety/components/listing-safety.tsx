import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { SAFETY_TEXTS } from '../messages';
import { LazyReportDialog as ReportDialog } from './lazy-report-dialog';

/** Under a listing: the safety tips, and a way to report it for a signed-in member not its seller. */
export const ListingSafety = ({
  productId,
  canReport,
}: {
  productId: number;
  canReport: boolean;
}) => {
  const [reporting, setReporting] = useState(false);
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={paths.safetyTips}>
        {SAFETY_TEXTS.tipsTitle}
      </Link>
      {canReport && (
        <Button
          size="small"
          color="inherit"
          sx={{ minHeight: 44 }}
          onMouseEnter={() => void ReportDialog.preload()}
          onClick={() => setReporting(true)}
        >
          {SAFETY_TEXTS.reportListing}
        </Button>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            open
            onClose={() => setReporting(false)}
            targetType="product"
            targetId={productId}
          />
        </Suspense>
      )}
    </Stack>
  );
};
