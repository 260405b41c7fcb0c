import { useI18nContext } from '../i18n/i18n-react';
import { ErrorState, Page } from '../ui';

/** A record's edit page once its status no longer allows edits (the server would refuse them too). */
export function NotEditable({ title }: { title: string }) {
  const { LL } = useI18nContext();
  return (
    <Page title={title}>
      <ErrorState text={LL.errors.invalid_state()} />
    </Page>
  );
}
