import { paths } from '#/app/paths';
import { RenterFormPage } from '#/features/renters/RenterFormPage';
import { useI18nContext } from '#/i18n/i18n-react';
import { QueryPage } from '#/lists/QueryPage';
import { NotEditable } from '#/records/NotEditable';
import { type QuestionnaireDetail, useMakeRenter, useQuestionnaire } from '#/state/queries/questionnaires';

/** `/application-forms/{id}/renter`: "make renter", composed here because it joins two features — the renter form, prefilled from the questionnaire. */
export function MakeRenterPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useQuestionnaire(id);
  return (
    <QueryPage title={LL.waitingList.makeRenterTitle()} query={query} lines={12}>
      {(q: QuestionnaireDetail) => <MakeRenter q={q} />}
    </QueryPage>
  );
}

function MakeRenter({ q }: { q: QuestionnaireDetail }) {
  const { LL } = useI18nContext();
  const makeRenter = useMakeRenter(q.id);
  // Opened by its address without the right, from the wrong status, or a second time: say why, send nothing.
  if (!q.actions.includes('questionnaire.make_renter')) {
    const why = q.renter_id ? LL.waitingList.alreadyRenter() : q.status === 'new' || q.status === 'reject' ? LL.errors.invalid_state() : LL.errors.forbidden();
    return <NotEditable title={LL.waitingList.makeRenterTitle()} back={paths.waitingList.view(q.id)} text={why} testId="make-renter-refused" />;
  }
  return (
    <RenterFormPage
      prefill={{
        legal_name: q.company_name,
        bin_iin: q.bin_iin,
        trade_point_name: q.brand_name,
        trade_category: q.category,
        contact_full_name: q.contact_full_name,
        phone: q.phone,
        email: q.email,
        legal_address: q.legal_address ?? '',
      }}
      create={async (body) => {
        await makeRenter.mutateAsync(body);
      }}
    />
  );
}
