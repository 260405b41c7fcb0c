import type { ReactNode } from 'react';
import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '../i18n/i18n-react';
import { Button, Card, Page, Stack } from '../ui';
import { type DetailRow, Details } from './Details';

type Props = {
  title: string;
  testId: string;
  /** Where "edit" leads, when the caller may edit the record now. */
  editHref: string | false;
  rows: DetailRow[];
  testPrefix: string;
  /** The buttons of the record's machine the caller may press now. */
  actions: ReactNode;
  /** The cards below the summary: files, history. */
  children: ReactNode;
};

/** A record's view page: its fields and actions in the first card, then the module's own cards. */
export function RecordPage({ title, testId, editHref, rows, testPrefix, actions, children }: Props) {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  return (
    <Page
      title={title}
      data-testid={testId}
      actions={
        editHref && (
          <Button variant="secondary" onClick={link(editHref)}>
            {LL.list.edit()}
          </Button>
        )
      }
    >
      <Stack gap="lg">
        <Card>
          <Stack gap="lg">
            <Details rows={rows} testPrefix={testPrefix} />
            {actions}
          </Stack>
        </Card>
        {children}
      </Stack>
    </Page>
  );
}
