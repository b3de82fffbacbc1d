import { Alert, Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/notify';

/**
 * What a page shows of one record it loads: an error with the server's message, a skeleton while it loads, then
 * the record (`children`).
 */
export function QueryState<T>({
  query,
  loadFailed,
  skeletonHeight = 320,
  children,
}: {
  query: UseQueryResult<T>;
  loadFailed: string;
  skeletonHeight?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <Alert color="red" title={loadFailed}>
        {errorMessage(query.error)}
      </Alert>
    );
  if (query.data === undefined) return <Skeleton h={skeletonHeight} />;
  return <>{children(query.data)}</>;
}
