import { lazyPart } from '@/lib/lazy-part';

/**
 * The report dialog, loaded on first use: it is not needed for the first paint of the product or
 * chat pages (their JavaScript budget, decision 051).
 */
export const LazyReportDialog = lazyPart(
  'report-dialog',
  async () => (await import('./report-dialog')).ReportDialog,
);
