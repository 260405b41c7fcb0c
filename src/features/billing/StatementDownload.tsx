import { downloadStatement } from '#/state/queries/billing';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { Button, Row } from '../../ui';

/** The statement of account on screen, as Excel or PDF: the same tenant and period (a tenant's own whatever it names). */
export function StatementDownload({ renterId, from, to }: { renterId?: string; from: string; to: string }) {
  const { LL } = useI18nContext();
  const t = LL.billingDocs.statement;
  const file = useExport();
  const get = (format: 'xlsx' | 'pdf') =>
    void file.run(() => downloadStatement({ renter_id: renterId, from, to, format }), `${t.file()} ${from}—${to}.${format}`);
  return (
    <Row gap="sm" wrap data-testid="statement-download">
      <Button variant="secondary" loading={file.exporting} onClick={() => get('xlsx')} data-testid="statement-xlsx">
        {t.xlsx()}
      </Button>
      <Button variant="secondary" loading={file.exporting} onClick={() => get('pdf')} data-testid="statement-pdf">
        {t.pdf()}
      </Button>
    </Row>
  );
}
