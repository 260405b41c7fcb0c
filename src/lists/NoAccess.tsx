import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { ApiRequestError } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import { ErrorState, Page } from '../ui';

/** A 403: asking again will not help, so the page says so and offers Home instead of retry and filters. */
export const isDenied = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

export function NoAccessPage({ title }: { title: string }) {
  const { LL } = useI18nContext();
  return (
    <Page title={title} data-testid="no-access">
      <ErrorState text={LL.errors.forbidden()} />
      <Link href={paths.home}>{LL.common.toHome()}</Link>
    </Page>
  );
}
