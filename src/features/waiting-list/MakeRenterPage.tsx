import { useQueryClient } from '@tanstack/react-query';
import { useI18nContext } from '../../i18n/i18n-react';
import { QueryPage } from '../../lists/QueryPage';
import { RenterFormPage } from '../renters/RenterFormPage';
import { type QuestionnaireDetail, questionnaireApi, questionnaireKeys, useQuestionnaire } from './api';

/** `/application-forms/{id}/renter`: "make renter" — the renter form, prefilled from the questionnaire. */
export function MakeRenterPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  const query = useQuestionnaire(id);
  const queryClient = useQueryClient();
  return (
    <QueryPage title={LL.waitingList.makeRenterTitle()} query={query} lines={12}>
      {(q: QuestionnaireDetail) => (
        <RenterFormPage
          prefill={{
            legal_name: q.company_name, bin_iin: q.bin_iin, trade_point_name: q.brand_name, trade_category: q.category,
            contact_full_name: q.contact_full_name, phone: q.phone, email: q.email, legal_address: q.legal_address ?? '',
          }}
          create={async (body) => {
            await questionnaireApi.makeRenter(q.id, body);
            await queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
          }}
        />
      )}
    </QueryPage>
  );
}
