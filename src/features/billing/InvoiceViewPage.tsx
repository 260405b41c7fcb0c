import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '#/api/client';
import { paths } from '#/app/paths';
import { decimal, hundredths, sum } from '#/shared/money';
import { utilitySentence } from '#/shared/utility-line';
import { useAlerts } from '#/state/alerts';
import { type InvoiceDetail, useInvoice, useInvoiceTransition } from '#/state/queries/billing';
import { useCan } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { QueryPage } from '../../lists/QueryPage';
import { CommentDialog } from '../../records/CommentDialog';
import type { DetailRow } from '../../records/Details';
import { History } from '../../records/History';
import { RecordPage } from '../../records/RecordPage';
import { Button, Card, Row } from '../../ui';
import { CreditNoteDialog } from './CreditNoteDialog';
import { actionKey, InvoiceBadge, useMoney } from './format';
import { InvoiceDownloads } from './InvoiceDownloads';
import { PaymentDialog } from './PaymentDialog';
import { PayOnline } from './PayOnline';

/** What is still owed: a payment may be recorded against it. */
const owing: InvoiceDetail['status'][] = ['issued', 'partly_paid', 'overdue'];
/** What a credit note may correct: issued and not void. */
const creditable: InvoiceDetail['status'][] = [...owing, 'paid'];

/** `/invoices/{id}`: one invoice, its charges, history and what the caller may do (a tenant reads its own). */
export function InvoiceViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  return (
    <QueryPage title={LL.billing.title()} query={useInvoice(id)} lines={8}>
      {(invoice) => <InvoiceView invoice={invoice} />}
    </QueryPage>
  );
}

function InvoiceView({ invoice: i }: { invoice: InvoiceDetail }) {
  const { LL, locale } = useI18nContext();
  const t = LL.billing;
  const { money, month } = useMoney();
  const rows: DetailRow[] = [
    ['status', t.columns.status(), <InvoiceBadge key="status" status={i.status} />],
    ['renter', t.columns.renter(), i.renter.name],
    ['period', t.columns.period(), month(i.period)],
    ['issued_on', t.fields.issued_on(), i.issued_on ? formatDay(i.issued_on, locale) : '—'],
    ['due_on', t.columns.due_on(), formatDay(i.due_on, locale)],
    ['subtotal', t.fields.subtotal(), money(i.subtotal)],
    ['vat', t.fields.vat(), money(i.vat)],
    ['total', t.fields.total(), money(i.total)],
    ['paid', t.columns.paid(), money(i.paid)],
    // Payments and credit notes both take from it; a draft or a void invoice owes nothing yet or any more.
    ...(creditable.includes(i.status) ? [['owed', t.fields.owed(), money(decimal(hundredths(i.total) - hundredths(i.paid)))] satisfies DetailRow] : []),
    ...(i.void_reason ? [['void_reason', t.fields.void_reason(), i.void_reason] satisfies DetailRow] : []),
  ];
  // A violation's fine (and its reversal) is named by the violation's number in the reader's language.
  const lineLabel = (l: InvoiceDetail['lines'][number]) => {
    if (l.violation) return l.kind === 'fine' ? t.charges.fine({ number: l.violation.number }) : t.charges.fineReversal({ number: l.violation.number });
    // A utility line names its meter, readings, consumption and tariff as the PDF does.
    if (l.utility) return `${t.kinds.utility()}: ${utilitySentence(LL, locale, l.utility)}`;
    return l.description ? `${t.kinds[l.kind]()}: ${l.description}` : t.kinds[l.kind]();
  };
  const eventLabel = (h: { event: string }) => (h.event === 'invoice.created' ? t.events.created() : (t.actions[actionKey(h.event)]?.() ?? h.event));
  return (
    <RecordPage
      title={i.number ? t.invoice({ number: i.number }) : t.draftTitle()}
      testId="invoice-view"
      editHref={false}
      rows={rows}
      testPrefix="invoice-field-"
      actions={
        <>
          <InvoiceActions invoice={i} />
          <PayOnline invoice={i} />
          <InvoiceDownloads invoice={i} />
        </>
      }
    >
      <Card title={t.fields.lines()}>
        <DataTable
          rows={i.lines}
          columns={[
            { key: 'kind', header: t.line.kind(), cell: (l) => lineLabel(l) },
            {
              key: 'lease',
              priority: 2,
              header: t.line.lease(),
              cell: (l) => (l.contract ? <Link href={paths.contracts.view(l.contract.id)}>{l.contract.number}</Link> : '—'),
            },
            { key: 'days', priority: 3, header: t.line.days(), cell: (l) => l.days ?? '—' },
            { key: 'amount', header: t.line.amount(), cell: (l) => money(l.amount) },
            { key: 'vat', priority: 2, header: t.line.vat(), cell: (l) => money(l.vat) },
          ]}
        />
      </Card>
      <Card title={t.payments.title()}>
        {i.payments.length === 0 ? (
          <p data-testid="invoice-payments-none">{t.payments.none()}</p>
        ) : (
          <DataTable
            rows={i.payments.map((p) => ({ ...p, id: p.payment_id }))}
            columns={[
              { key: 'received_on', header: t.payments.received_on(), cell: (p) => formatDay(p.received_on, locale) },
              { key: 'method', priority: 2, header: t.payments.method(), cell: (p) => t.payments.methods[p.method]() },
              { key: 'reference', priority: 3, header: t.payments.reference(), cell: (p) => p.reference ?? '—' },
              { key: 'amount', header: t.payments.amount(), cell: (p) => money(p.amount) },
            ]}
          />
        )}
      </Card>
      {i.credit_notes.length > 0 && (
        <Card title={t.credit.title()} data-testid="invoice-credit-notes">
          <DataTable
            rows={i.credit_notes}
            columns={[
              { key: 'number', header: t.credit.number(), cell: (n) => n.number },
              { key: 'issued_on', priority: 2, header: t.credit.issued_on(), cell: (n) => formatDay(n.issued_on, locale) },
              { key: 'reason', priority: 3, header: t.credit.reason(), cell: (n) => n.reason },
              { key: 'total', header: t.credit.total(), cell: (n) => money(n.total) },
            ]}
          />
        </Card>
      )}
      <Card title={t.fields.history()}>
        <History testId="invoice-history" entries={i.history} eventLabel={eventLabel} statusLabel={(st) => t.statuses[st]()} />
      </Card>
      <Link href={paths.invoices.list}>{t.title()}</Link>
    </RecordPage>
  );
}

/**
 * The staff's buttons the server lists in `actions` (issuing a draft, voiding with a reason), and
 * recording a payment of an invoice still owed for those who may create in billing.
 */
function InvoiceActions({ invoice: i }: { invoice: InvoiceDetail }) {
  const { LL } = useI18nContext();
  const t = LL.billing;
  const alerts = useAlerts();
  const [voiding, setVoiding] = useState(false);
  const [paying, setPaying] = useState(false);
  const [crediting, setCrediting] = useState(false);
  const transition = useInvoiceTransition(i.id);
  const mayPay = useCan('billing', 'create') && owing.includes(i.status);
  const mayCredit = useCan('billing', 'update') && creditable.includes(i.status) && hundredths(sum(i.credit_notes.map((n) => n.total))) < hundredths(i.total);
  if (i.actions.length === 0 && !mayPay && !mayCredit) return null;
  const issue = () =>
    transition.mutateAsync({ event: 'invoice.issue' }).then(
      (next) => alerts.add({ message: `${t.invoice({ number: next.number ?? '' })}: ${t.statuses[next.status]()}`, type: 'success' }),
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  return (
    <Row gap="sm" wrap data-testid="invoice-actions">
      {i.actions.map((event) => (
        <Button
          key={event}
          variant={event === 'invoice.void' ? 'danger' : 'primary'}
          loading={transition.isPending && transition.variables?.event === event}
          onClick={() => (event === 'invoice.void' ? setVoiding(true) : void issue())}
          data-testid={`invoice-${actionKey(event)}`}
        >
          {t.actions[actionKey(event)]()}
        </Button>
      ))}
      {mayPay && (
        <Button variant="secondary" onClick={() => setPaying(true)} data-testid="invoice-pay">
          {t.payments.record()}
        </Button>
      )}
      {mayCredit && (
        <Button variant="secondary" onClick={() => setCrediting(true)} data-testid="invoice-credit-note">
          {t.credit.issue()}
        </Button>
      )}
      <PaymentDialog invoice={i} open={paying} onClose={() => setPaying(false)} />
      <CreditNoteDialog invoice={i} open={crediting} onClose={() => setCrediting(false)} />
      <CommentDialog
        open={voiding}
        title={t.voidTitle()}
        text={t.voidText()}
        label={t.voidLabel()}
        submitLabel={t.actions.void()}
        danger
        onSend={(comment) =>
          transition.mutateAsync({ event: 'invoice.void', comment }).then(() => {
            alerts.add({ message: t.voided(), type: 'success' });
            setVoiding(false);
          })
        }
        onClose={() => setVoiding(false)}
        testId="invoice-void-dialog"
      />
    </Row>
  );
}
