import { Alert, Button, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/notify';
import { type BackTo, isNotFound, RecordNotFound } from './record-not-found';

/** The part of a query QueryState reads. */
export type LoadedQuery<T> = { isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };

/** Two queries a page needs both of, as one: failed when either fails, loaded when both are, refetching both. */
export function bothQueries<A, B>(a: LoadedQuery<A>, b: LoadedQuery<B>): LoadedQuery<[A, B]> {
  return {
    isError: a.isError || b.isError,
    error: a.isError ? a.error : b.error,
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}

/**
 * How a failed load shows: `record` (a record page: the not-found page for a 404, otherwise an alert with the
 * server's message), `alert` (a list or a section: the alert, whatever the status) or `line` (a small section: one
 * red line with the server's message).
 */
export type LoadFailure = 'record' | 'alert' | 'line';

/**
 * Everything a page shows around data it loads: the failure (see LoadFailure; `retry` adds a Try again button to the
 * alert), a skeleton (or `loading`) while it loads, `empty` when `isEmpty` says the data holds nothing, then the data
 * (`children`). Pages use it instead of writing their own error, loading and empty states.
 */
export function QueryState<T>({
  query,
  loadFailed,
  failure = 'record',
  retry = false,
  back,
  skeletonHeight = 320,
  loading,
  isEmpty,
  empty,
  testId,
  children,
}: {
  query: LoadedQuery<T>;
  /** The alert's title when the load fails. */
  loadFailed?: string;
  failure?: LoadFailure;
  retry?: boolean;
  /** A record page's way back from the not-found page. */
  back?: BackTo;
  skeletonHeight?: number;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The failure alert's test id. */
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    if (failure === 'line') return <Text c="red">{errorMessage(query.error)}</Text>;
    if (failure === 'record' && isNotFound(query.error)) return <RecordNotFound back={back} />;
    return (
      <LoadFailedAlert
        error={query.error}
        title={loadFailed}
        onRetry={retry ? () => void query.refetch() : undefined}
        testId={testId ?? (failure === 'record' ? 'record-load-error' : undefined)}
      />
    );
  }
  if (query.data === undefined) return loading ?? <Skeleton h={skeletonHeight} />;
  if (isEmpty?.(query.data)) return empty;
  return <>{children(query.data)}</>;
}

/** The red alert of a failed load: its title, the server's message and, with `onRetry`, a Try again button. */
export function LoadFailedAlert({
  error,
  title,
  onRetry,
  testId,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (!onRetry) {
    return (
      <Alert color="red" title={title} data-testid={testId}>
        {errorMessage(error)}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={title} data-testid={testId}>
      <Text size="sm" mb="sm">
        {errorMessage(error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
