import { billingDocuments, type InvoiceDetail } from '#/state/queries/billing';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { Button, Row } from '../../ui';

/**
 * An issued invoice as documents, for whoever may read it (staff and its tenant): the PDF "Счёт на оплату" and the certificate of services (АВР) as .docx.
 * A draft is no document yet; a void one still is, marked void.
 */
export function InvoiceDownloads({ invoice: i }: { invoice: InvoiceDetail }) {
  const { LL } = useI18nContext();
  const t = LL.billingDocs;
  const pdf = useExport();
  const act = useExport();
  if (i.status === 'draft') return null;
  return (
    <Row gap="sm" wrap data-testid="invoice-downloads">
      <Button
        variant="secondary"
        loading={pdf.exporting}
        onClick={() => void pdf.run(() => billingDocuments.invoicePdf(i.id), `${t.invoice.file()} ${i.number ?? ''}.pdf`)}
        data-testid="invoice-pdf"
      >
        {t.download.pdf()}
      </Button>
      <Button
        variant="secondary"
        loading={act.exporting}
        onClick={() => void act.run(() => billingDocuments.act(i.id), `${t.act.file()} ${i.number ?? ''}.docx`)}
        data-testid="invoice-act"
      >
        {t.download.act()}
      </Button>
    </Row>
  );
}
