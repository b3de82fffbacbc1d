import { Skeleton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type BackTo, RecordLoadError } from './record-not-found';

/**
 * What a page shows of one record it loads: the not-found page (with the way `back`) when the server does not
 * show it, an error with the server's message, a skeleton while it loads, then the record (`children`).
 */
export function QueryState<T>({
  query,
  loadFailed,
  skeletonHeight = 320,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  loadFailed: string;
  back?: BackTo;
  skeletonHeight?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <RecordLoadError error={query.error} loadFailed={loadFailed} back={back} />;
  if (query.data === undefined) return <Skeleton h={skeletonHeight} />;
  return <>{children(query.data)}</>;
}
