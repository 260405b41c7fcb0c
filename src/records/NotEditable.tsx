import { Link } from 'wouter';
import { useI18nContext } from '../i18n/i18n-react';
import { ErrorState, Page, Stack } from '../ui';

/**
 * A record's edit page once its status no longer allows edits (the server would refuse them too),
 * with the way back to the record: opened from an old link, it is no dead end.
 */
export function NotEditable({ title, back, text, testId }: { title: string; back: string; text?: string; testId?: string }) {
  const { LL } = useI18nContext();
  return (
    <Page title={title}>
      <Stack gap="md">
        <ErrorState text={text ?? LL.errors.invalid_state()} data-testid={testId} />
        <Link href={back} data-testid="not-editable-back">
          {LL.common.back()}
        </Link>
      </Stack>
    </Page>
  );
}
