import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import { EmptyState, ErrorState, Skeleton } from '../ui';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a public page shows by the id in its address (a centre, a questionnaire link, a landlord):
 * not asked for when the id is no UUID, not retried when the server refused it; either is "not found".
 */
export function usePublicRecord<T>(key: readonly unknown[], id: string, load: (id: string, signal: AbortSignal) => Promise<T>) {
  const valid = UUID.test(id);
  const query = useQuery({
    queryKey: [...key, id],
    queryFn: ({ signal }) => load(id, signal),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status < 500) && count < 2,
  });
  return { query, notFound: !valid || (query.error instanceof ApiRequestError && query.error.status === 404) };
}

type Props<T> = {
  query: UseQueryResult<T>;
  /** The empty state for an unknown link; left out where the page has no id. */
  notFound?: { show: boolean; title: string; text: string; testId: string };
  lines: number;
  errorTestId?: string;
  children: (data: T) => ReactNode;
};

/** The one way a public page waits: unknown link, a skeleton while loading, a loading error with retry, then `children(data)`. */
export function PublicQuery<T>({ query, notFound, lines, errorTestId, children }: Props<T>) {
  const { LL } = useI18nContext();
  if (notFound?.show) return <EmptyState title={notFound.title} text={notFound.text} data-testid={notFound.testId} />;
  if (query.isPending) return <Skeleton lines={lines} label={LL.common.loading()} />;
  if (query.isError)
    return <ErrorState text={LL.common.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} data-testid={errorTestId} />;
  return <>{children(query.data)}</>;
}
