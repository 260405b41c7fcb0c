import { useI18nContext } from '#/i18n/i18n-react';
import { EmptyState, Page } from '#/ui';
import type { NavKey } from '../route-table';

/** A navigation entry whose module lands in a later issue: says so instead of a blank page. */
export function ComingSoonPage({ section }: { section: NavKey }) {
  const { LL } = useI18nContext();
  return (
    <Page title={LL.nav[section]()}>
      <EmptyState title={LL.shell.comingSoon()} />
    </Page>
  );
}
