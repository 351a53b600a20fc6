import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/errors/error-alert';
import { ListSkeleton } from '@/components/feedback/list-skeleton';
import { toUserMessage } from '@/lib/api-client';

/**
 * One list of the moderation screen as its query stands: a skeleton while it loads, the error
 * with 'Reintentar', what to expect when it is empty, else the list.
 */
export const QueryState = <T,>({
  query,
  errorText,
  emptyText,
  skeleton = <ListSkeleton />,
  children,
}: {
  query: UseQueryResult<T[]>;
  errorText: string;
  emptyText: string;
  skeleton?: ReactNode;
  children: (items: T[]) => ReactNode;
}) => {
  if (query.isPending) return skeleton;
  if (query.isError) {
    return (
      <ErrorAlert
        message={toUserMessage(query.error, errorText)}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return children(query.data);
};
