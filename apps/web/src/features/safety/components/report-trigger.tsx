import type { ReportTargetType } from '@unimercado/shared/schemas/safety';
import { Suspense, useState, type ReactNode } from 'react';
import { LazyReportDialog as ReportDialog } from './lazy-report-dialog';

/** What the trigger of a report (a button, an icon) needs: open the dialog, load it ahead. */
export type ReportTriggerProps = {
  onClick: () => void;
  onMouseEnter: () => void;
  onFocus: () => void;
};

/**
 * A way to report a listing, a member or a message: the trigger `children` renders, and the
 * report dialog, whose code loads on hover, focus or the first click (decision 071).
 */
export const ReportTrigger = ({
  targetType,
  targetId,
  children,
}: {
  targetType: ReportTargetType;
  targetId: number;
  children: (trigger: ReportTriggerProps) => ReactNode;
}) => {
  const [isReporting, setReporting] = useState(false);
  const preload = () => void ReportDialog.preload();
  return (
    <>
      {children({ onClick: () => setReporting(true), onMouseEnter: preload, onFocus: preload })}
      {isReporting && (
        <Suspense fallback={null}>
          <ReportDialog
            open
            onClose={() => setReporting(false)}
            targetType={targetType}
            targetId={targetId}
          />
        </Suspense>
      )}
    </>
  );
};
