import { useI18nContext } from '#/i18n/i18n-react';
import { Spinner } from '#/ui/Spinner/Spinner';

/** While a page's code arrives: the same spinner the guard shows while it checks the session. */
export function PageLoading() {
  const { LL } = useI18nContext();
  return <Spinner block label={LL.common.loading()} />;
}
