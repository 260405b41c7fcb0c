import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import type { ListParams } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';

export type Invoice = Schemas['Invoice'];
export type InvoiceDetail = Schemas['InvoiceDetail'];
export type InvoiceStatus = Schemas['InvoiceStatus'];
export type BillingSettings = Schemas['BillingSettings'];
export type BillingPreview = Schemas['BillingPreview'];
export type Arrears = Schemas['Arrears'];

export const invoiceStatuses: InvoiceStatus[] = ['draft', 'issued', 'partly_paid', 'paid', 'overdue', 'void'];
/** The list's own filters, kept in the address beside the page. */
export const filterKeys = ['state', 'month', 'renter'] as const;

const path = (id: string) => ({ params: { path: { id } } });

export const invoiceKeys = {
  all: ['invoices'] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
};
export const billingKeys = {
  all: ['billing'] as const,
  preview: (period: string) => ['billing', 'preview', period] as const,
  settings: ['billing', 'settings'] as const,
  arrears: ['billing', 'arrears'] as const,
};

export type InvoiceFilter = { status?: InvoiceStatus; period?: string; renterId?: string };

/** The address's filters (unknown values are dropped); a month is `YYYY-MM`. */
export function filterOf(params: ListParams): InvoiceFilter {
  const x = params.extra ?? {};
  return {
    status: invoiceStatuses.find((s) => s === x.state),
    period: /^\d{4}-\d{2}$/.test(x.month ?? '') ? `${x.month}-01` : undefined,
    renterId: x.renter || undefined,
  };
}

export function useInvoices(params: ListParams, filter: InvoiceFilter) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'list', params, filter],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/invoices', {
          signal,
          params: { query: { page: params.page, limit: params.limit, status: filter.status, period: filter.period, renter_id: filter.renterId } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string) {
  return useQuery({ queryKey: invoiceKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/invoices/{id}', { ...path(id), signal })) });
}

export const useInvoiceTransition = (id: string) =>
  useRecordMutation(invoiceKeys, (body: Schemas['InvoiceTransition']) => unwrap(api.POST('/invoices/{id}/transitions', { ...path(id), body })), {
    putsRecord: true,
  });

export function useBillingPreview(period: string) {
  return useQuery({
    queryKey: billingKeys.preview(period),
    queryFn: ({ signal }) => unwrap(api.GET('/billing/preview', { signal, params: { query: { period } } })),
    enabled: Boolean(period),
  });
}

/** The month's run: the invoices and the preview are stale after it. */
export function useRunBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => unwrap(api.POST('/billing/runs', { body: { period } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]),
  });
}

export function useArrears() {
  return useQuery({ queryKey: billingKeys.arrears, queryFn: ({ signal }) => unwrap(api.GET('/billing/arrears', { signal })) });
}

/** A renter's own account (its balance); staff name the tenant. */
export type Ledger = Schemas['Ledger'];

export function useLedger(enabled: boolean, renterId?: string, period: { from?: string; to?: string } = {}) {
  return useQuery({
    queryKey: [...billingKeys.all, 'ledger', renterId ?? 'own', period],
    queryFn: ({ signal }) => unwrap(api.GET('/billing/ledger', { signal, params: { query: { renter_id: renterId, ...period } } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBillingSettings() {
  return useQuery({ queryKey: billingKeys.settings, queryFn: ({ signal }) => unwrap(api.GET('/billing/settings', { signal })) });
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettings) => unwrap(api.PUT('/billing/settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
  });
}

/** A payment of an invoice: the invoice (paid, its status) and the lists are stale after it. */
export function useRecordPayment(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['PaymentInput']) => unwrap(api.POST('/payments', { body })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.one(invoiceId) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.arrears }),
      ]),
  });
}

/** The period's invoices and payments for 1C, as .xlsx. */
export const exportBilling = (from: string, to: string) =>
  unwrap(api.GET('/billing/export', { params: { query: { from, to } }, parseAs: 'blob' })) as Promise<Blob>;
/** A payment link of the configured provider for what is owed on an invoice (the tenant opens it). */
export const useCheckout = (invoiceId: string) => useMutation({ mutationFn: () => unwrap(api.POST('/invoices/{id}/checkout', { ...path(invoiceId) })) });

// The bank statement's matching queue (/invoices/bank).
export type BankLine = Schemas['BankLine'];
const bankKeys = { all: [...billingKeys.all, 'bank-lines'] as const };

/** The lines waiting for a person, oldest first. */
export function useBankQueue(params: ListParams) {
  return useQuery({
    queryKey: [...bankKeys.all, params],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/billing/bank-lines', { signal, params: { query: { status: 'unmatched', page: params.page, limit: params.limit } } })),
    placeholderData: keepPreviousData,
  });
}

/** A tenant's invoices still to pay, for the allocation's invoice choice. */
export function useOpenInvoices(renterId: string) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'open', renterId],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/invoices', { signal, params: { query: { renter_id: renterId, limit: 100 } } }))).data.filter((i) =>
        ['issued', 'partly_paid', 'overdue'].includes(i.status),
      ),
    enabled: Boolean(renterId),
  });
}

/** Allocating or ignoring a line: the queue, the invoices and the arrears are stale after it. */
export function useResolveBankLine() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
  const allocate = useMutation({
    mutationFn: ({ id, ...body }: { id: string; renter_id: string; invoice_id?: string | null }) =>
      unwrap(api.POST('/billing/bank-lines/{id}/allocate', { ...path(id), body })),
    onSuccess: refresh,
  });
  const ignore = useMutation({ mutationFn: (id: string) => unwrap(api.POST('/billing/bank-lines/{id}/ignore', path(id))), onSuccess: refresh });
  return { allocate, ignore };
}

// Charges staff add beyond rent, and credit notes.
export type Charge = Schemas['Charge'];
const chargeKeys = { of: (renterId: string) => [...billingKeys.all, 'charges', renterId] as const };

/** A tenant's charges no invoice carries yet: what the next run puts on its invoice. */
export function useUninvoicedCharges(renterId: string) {
  return useQuery({
    queryKey: chargeKeys.of(renterId),
    queryFn: ({ signal }) => unwrap(api.GET('/charges', { signal, params: { query: { renter_id: renterId, uninvoiced: true } } })),
    enabled: Boolean(renterId),
  });
}

export function useAddCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ChargeInput']) => unwrap(api.POST('/charges', { body })),
    onSuccess: (charge) => queryClient.invalidateQueries({ queryKey: chargeKeys.of(charge.renter.id) }),
  });
}

export function useDeleteCharge(renterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/charges/{id}', path(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargeKeys.of(renterId) }),
  });
}

/** A credit note: the answer is the invoice after it; the lists, the arrears and the balance are stale. */
export function useCreditNote(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreditNoteInput']) => unwrap(api.POST('/invoices/{id}/credit-notes', { ...path(invoiceId), body })),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.one(invoiceId), invoice);
      return Promise.all([queryClient.invalidateQueries({ queryKey: invoiceKeys.all }), queryClient.invalidateQueries({ queryKey: billingKeys.all })]);
    },
  });
}

/** Billing's documents as files (the session's client: a plain link would carry no token). */
export const billingDocuments = {
  invoicePdf: (id: string) => unwrap(api.GET('/invoices/{id}/pdf', { ...path(id), parseAs: 'blob' })) as Promise<Blob>,
  act: (id: string) => unwrap(api.GET('/invoices/{id}/act', { ...path(id), parseAs: 'blob' })) as Promise<Blob>,
};

/** A tenant's statement of account between two days as a file (a renter's own whatever it names). */
export const downloadStatement = (q: { renter_id?: string; from?: string; to?: string; format: 'xlsx' | 'pdf' }) =>
  unwrap(api.GET('/billing/statement', { params: { query: q }, parseAs: 'blob' })) as Promise<Blob>;

// The landlord's own АВР template (Settings → billing): its name, replacing and removing it, the file back, a preview.
const actTemplateKey = ['billing', 'act-template'] as const;

export function useActTemplate() {
  return useQuery({ queryKey: actTemplateKey, queryFn: ({ signal }) => unwrap(api.GET('/billing/act-template', { signal })) });
}

export function useUploadActTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.PUT('/billing/act-template', multipart({ file }))),
    onSuccess: (saved) => queryClient.setQueryData(actTemplateKey, saved),
  });
}

export function useRemoveActTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/billing/act-template')),
    onSuccess: (saved) => queryClient.setQueryData(actTemplateKey, saved),
  });
}

export const actTemplateFiles = {
  download: () => unwrap(api.GET('/billing/act-template/file', { parseAs: 'blob' })) as Promise<Blob>,
  preview: (file: File) => unwrap(api.POST('/billing/act-template/preview', { ...multipart({ file }), parseAs: 'blob' })) as Promise<Blob>,
};
