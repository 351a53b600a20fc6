import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { SAFETY_TEXTS } from '../messages';
import { ReportTrigger } from './report-trigger';

/** Under a listing: the safety tips, and a way to report it for a signed-in member not its seller. */
export const ListingSafety = ({
  productId,
  canReport,
}: {
  productId: number;
  canReport: boolean;
}) => (
  <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
    <Link component={RouterLink} to={paths.safetyTips}>
      {SAFETY_TEXTS.tipsTitle}
    </Link>
    {canReport && (
      <ReportTrigger targetType="product" targetId={productId}>
        {(trigger) => (
          <Button {...trigger} size="small" color="inherit" sx={{ minHeight: 44 }}>
            {SAFETY_TEXTS.reportListing}
          </Button>
        )}
      </ReportTrigger>
    )}
  </Stack>
);
