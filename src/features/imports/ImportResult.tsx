import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { type ImportDetail, type ImportRowError, importApi } from '#/state/queries/imports';
import { useMayOpen } from '#/state/route-access';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { Button, Card, ErrorState, Row, Stack } from '../../ui';
import { ImportBadge } from './format';
import { ImportActions } from './ImportActions';
import * as s from './imports.css';

const countKeys = ['total', 'new', 'changed', 'unchanged', 'wrong'] as const;
/** A statement's counts: its lines, the incoming ones, and what becomes of them (outgoing ones are skipped). */
const bankKeys = ['total', 'incoming', 'new', 'changed', 'unchanged', 'skipped', 'wrong'] as const;
type ErrorRow = ImportRowError & { id: string };

/** The file is kept (and its error report made) until the import is committed or discarded. */
export const fileKept = (imp: Pick<ImportDetail, 'status'>) => imp.status === 'uploaded' || imp.status === 'checked';

/**
 * What the check of a file found: the counts, why it failed, the wrong rows (row, column, message; cards on
 * a phone, as every list), the file with errors to fix, and the actions the import's machine allows now.
 */
export function ImportResult({ imp, withActions = true }: { imp: ImportDetail; withActions?: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.importPage;
  const report = useExport();
  const base = imp.file_name.replace(/\.(xlsx|csv|txt)$/i, '');
  const rows: ErrorRow[] = imp.errors.map((e, i) => ({ ...e, id: String(i) }));
  const mayOpen = useMayOpen();
  const bank = imp.entity === 'bank_statement';
  const counted = bank
    ? bankKeys.map((key) => ({
        key,
        label: t.bank.counts[key](),
        value: key === 'incoming' ? imp.counts.new + imp.counts.changed + imp.counts.unchanged : imp.counts[key],
      }))
    : countKeys.map((key) => ({ key, label: t.counts[key](), value: imp.counts[key] }));
  const columns: Column<ErrorRow>[] = [
    { key: 'row', header: t.errorColumns.row(), width: '6rem', cell: (e) => e.row },
    { key: 'column', header: t.errorColumns.column(), cell: (e) => e.column_name ?? t.wholeRow() },
    { key: 'message', header: t.errorColumns.message(), cell: (e) => e.message },
  ];
  return (
    <Card title={t.result()} actions={<ImportBadge status={imp.status} />} data-testid="import-result">
      <Stack gap="lg">
        <dl className={s.counts} data-testid="import-counts">
          {counted.map(({ key, label, value }) => (
            <div key={key} className={[s.count, key === 'wrong' && imp.counts.wrong > 0 && s.wrongCount].filter(Boolean).join(' ')}>
              <dt className={s.countLabel}>{label}</dt>
              <dd className={s.countValue} data-testid={`import-count-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {bank && imp.status === 'committed' && mayOpen(paths.invoices.bank) && (
          <Link href={paths.invoices.bank} data-testid="import-bank-queue">
            {t.bank.toQueue()}
          </Link>
        )}
        {imp.failure && <ErrorState text={imp.failure} data-testid="import-failure" />}
        {rows.length > 0 && (
          <Stack gap="sm" data-testid="import-errors">
            <h3>{t.errors()}</h3>
            {fileKept(imp) && <p className={s.muted}>{t.fixHint()}</p>}
            {imp.errors_truncated && <p className={s.muted}>{t.errorsTruncated({ shown: imp.errors.length, count: imp.error_count })}</p>}
            <DataTable columns={columns} rows={rows} />
          </Stack>
        )}
        {imp.status === 'checked' && rows.length === 0 && <p className={s.muted}>{t.noErrors()}</p>}
        <Row gap="sm" wrap>
          {fileKept(imp) && imp.error_count > 0 && (
            <Button
              variant="secondary"
              loading={report.exporting}
              onClick={() => report.run(() => importApi.errorReport(imp.id), `${base} — ${LL.imports.errorsColumn()}.xlsx`)}
              data-testid="import-error-report"
            >
              {t.downloadErrors()}
            </Button>
          )}
          {withActions && <ImportActions imp={imp} />}
        </Row>
      </Stack>
    </Card>
  );
}
