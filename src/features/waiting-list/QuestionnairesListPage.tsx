import { Link } from 'wouter';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Select } from '../../ui';
import { useObjectOptions } from '../requests/api';
import { filterKeys, type Questionnaire, questionnaireStatusList, useQuestionnaires } from './api';
import { almatyTime } from '../../records/time';
import { paths } from '#/app/paths';

const sorts = [['-created_at', 'newest'], ['created_at', 'oldest'], ['company_name', 'company']] as const;

/** `/application-forms`: the waiting list by status, with search and an object filter (spec §2, §3). */
export function QuestionnairesListPage() {
  const { LL, locale } = useI18nContext();
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const query = useQuestionnaires(params);
  const objects = useObjectOptions(true);
  const w = LL.waitingList;
  const c = w.columns;
  const x = params.extra ?? {};
  const set = (key: string, value: string) => update({ extra: { ...x, [key]: value } });

  const columns: Column<Questionnaire>[] = [
    { key: 'company', header: c.company(), cell: (q) => <Link href={paths.waitingList.view(q.id)} data-testid="questionnaire-link">{q.company_name}</Link> },
    { key: 'brand', header: c.brand(), cell: (q) => q.brand_name },
    { key: 'category', header: c.category(), cell: (q) => q.category },
    { key: 'bin', header: c.bin(), cell: (q) => q.bin_iin },
    { key: 'contact', header: c.contact(), cell: (q) => q.contact_full_name },
    { key: 'phone', header: c.phone(), cell: (q) => q.phone },
    { key: 'object', header: c.object(), cell: (q) => q.object.name },
    { key: 'created_at', header: c.created_at(), cell: (q) => almatyTime(q.created_at, locale) },
    { key: 'status', header: c.status(), cell: (q) => <span data-testid="questionnaire-status">{w.statuses[q.status]()}</span> },
  ];

  return (
    <ListPage
      title={w.title()}
      testId="questionnaires-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      sortOptions={sorts.map(([value, key]) => ({ value, label: w.sort[key]() }))}
      filters={
        <>
          <Select
            label={w.filters.status()}
            name="questionnaire-status"
            value={x.status ?? ''}
            onChange={(e) => set('status', e.target.value)}
            placeholder={w.filters.allStatuses()}
            options={questionnaireStatusList.map((value) => ({ value, label: w.statuses[value]() }))}
            data-testid="filter-status"
          />
          <Select
            label={w.filters.object()}
            name="object_id"
            value={x.object_id ?? ''}
            onChange={(e) => set('object_id', e.target.value)}
            placeholder={w.filters.allObjects()}
            options={(objects.data?.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </>
      }
    />
  );
}
