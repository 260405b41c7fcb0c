import { useState } from 'react';
import { almatyToday } from '#/shared/almaty';
import { downloadStatement } from '#/state/queries/billing';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { Button, Row, TextField } from '../../ui';

/**
 * A tenant's statement of account (акт сверки) between two days, as Excel or PDF: under a tenant's own
 * balance, and for staff on the invoices of the tenant they picked. Empty "from" means from the start.
 */
export function StatementDownload({ renterId }: { renterId?: string }) {
  const { LL } = useI18nContext();
  const t = LL.billingDocs.statement;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(almatyToday());
  const file = useExport();
  const get = (format: 'xlsx' | 'pdf') =>
    void file.run(
      () => downloadStatement({ renter_id: renterId, from: from || undefined, to: to || undefined, format }),
      `${t.file()} ${from || ''}—${to}.${format}`,
    );
  return (
    <Row gap="sm" wrap data-testid="statement-download">
      <strong>{t.control()}</strong>
      <TextField label={t.from()} name="statement-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="statement-from" />
      <TextField label={t.to()} name="statement-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="statement-to" />
      <Button variant="secondary" loading={file.exporting} onClick={() => get('xlsx')} data-testid="statement-xlsx">
        {t.xlsx()}
      </Button>
      <Button variant="secondary" loading={file.exporting} onClick={() => get('pdf')} data-testid="statement-pdf">
        {t.pdf()}
      </Button>
    </Row>
  );
}
