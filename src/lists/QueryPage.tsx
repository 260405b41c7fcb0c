import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { ApiRequestError } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import { ErrorState, Page, Skeleton } from '../ui';
import { isDenied, NoAccessPage } from './NoAccess';

/** The server's own words for a refusal (403 "Недостаточно прав", 404 ...); null for the rest. */
export function refusalOf(error: unknown): string | null {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : null;
}

/**
 * The one way a page waits for its record: a skeleton while loading, "not found", the refusal or a
 * loading error with retry, then `children(data)`.
 */
export function QueryPage<T>({
  title,
  query,
  lines = 6,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  const { LL } = useI18nContext();
  if (query.isPending) {
    return (
      <Page title={title}>
        <Skeleton lines={lines} label={LL.common.loading()} />
      </Page>
    );
  }
  if (query.isError && isDenied(query.error)) return <NoAccessPage title={title} />;
  if (query.isError) {
    // A record that is not there, or an address no record can have (a cut link), is told as such;
    // a refusal is the server's words. Trying again helps neither: only a failed load offers it.
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    const refusal = status === 404 || status === 400 ? LL.list.recordNotFound() : refusalOf(query.error);
    return (
      <Page title={title}>
        {refusal ? (
          // Like the refusal of a screen (NoAccessPage): nothing to retry, so a way Home.
          <>
            <ErrorState text={refusal} data-testid="record-missing" />
            <Link href={paths.home} data-testid="record-missing-home">
              {LL.common.toHome()}
            </Link>
          </>
        ) : (
          <ErrorState text={LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  return <>{children(query.data)}</>;
}
