import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { type ImportDetail, importApi, useImport } from '#/state/queries/imports';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { QueryPage } from '../../lists/QueryPage';
import type { DetailRow } from '../../records/Details';
import { History } from '../../records/History';
import { RecordPage } from '../../records/RecordPage';
import { Button, Card, Row, Stack } from '../../ui';
import { ImportBadge } from './format';
import { ImportActions } from './ImportActions';
import { fileKept, ImportResult } from './ImportResult';
import * as s from './imports.css';

/** `/imports/{id}`: one import, its status, counts and errors, the original file while it is kept, its history and actions. */
export function ImportViewPage({ id }: { id: string }) {
  const title = useI18nContext().LL.importPage.title();
  return (
    <QueryPage title={title} query={useImport(id)} lines={8}>
      {(imp) => <ImportView imp={imp} />}
    </QueryPage>
  );
}

function ImportView({ imp }: { imp: ImportDetail }) {
  const { LL, locale } = useI18nContext();
  const t = LL.importPage;
  const original = useExport();
  // `import.commit` -> `commit`; the history's own events (created, check, fail) by the same rule.
  const eventLabel = (event: string) => t.events[event.replace(/^import\./, '') as keyof typeof t.events]?.() ?? event;
  const rows: DetailRow[] = [
    ['status', t.columns.status(), <ImportBadge key="status" status={imp.status} />],
    ['entity', t.columns.entity(), LL.imports.entities[imp.entity]()],
    [
      'file_name',
      t.fields.file(),
      <Stack key="file" gap="xs" align="flex-start">
        <span className={s.fileName}>{imp.file_name}</span>
        {fileKept(imp) && (
          <Button
            size="sm"
            variant="secondary"
            loading={original.exporting}
            onClick={() => original.run(() => importApi.file(imp.id), imp.file_name)}
            data-testid="import-original"
          >
            {t.downloadFile()}
          </Button>
        )}
      </Stack>,
    ],
    ['created_by', t.columns.created_by(), imp.created_by.name],
    ['created_at', t.columns.created_at(), formatDateTime(imp.created_at, locale)],
    ['committed_at', t.fields.committed_at(), imp.committed_at ? formatDateTime(imp.committed_at, locale) : '—'],
    ...(imp.invitations ? [['invitations', t.fields.invitations(), t.invitationsSent(imp.invitations)] satisfies DetailRow] : []),
  ];
  return (
    <RecordPage
      title={t.viewTitle({ name: imp.file_name })}
      testId="import-view"
      editHref={false}
      rows={rows}
      testPrefix="import-field-"
      actions={
        imp.actions.length > 0 && (
          <Row gap="sm" wrap data-testid="import-actions">
            <ImportActions imp={imp} />
          </Row>
        )
      }
    >
      <ImportResult imp={imp} withActions={false} />
      <Card title={t.fields.history()}>
        <History testId="import-history" entries={imp.history} eventLabel={(h) => eventLabel(h.event)} statusLabel={(st) => t.statuses[st]()} />
      </Card>
      <Link href={paths.imports.history}>{t.toHistory()}</Link>
    </RecordPage>
  );
}
