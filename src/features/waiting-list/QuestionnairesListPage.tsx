import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useObjectOptions } from '#/state/queries/objects';
import { filterKeys, type Questionnaire, questionnaireStatusList, useQuestionnaires } from '#/state/queries/questionnaires';
import { useCan } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { StatusBadge } from '../../records/StatusBadge';
import { DeleteQuestionnaire } from './DeleteQuestionnaire';

const sorts = [
  ['-created_at', 'newest'],
  ['created_at', 'oldest'],
  ['company_name', 'company'],
] as const;

/** `/application-forms`: the waiting list by status, with search and an object filter. */
export function QuestionnairesListPage() {
  const { LL, locale } = useI18nContext();
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const query = useQuestionnaires(params);
  const objects = useObjectOptions();
  const mayDelete = useCan('waiting_list', 'delete');
  const w = LL.waitingList;
  const c = w.columns;
  const list = { params, update };
  const statuses = questionnaireStatusList.map((value) => ({ value, label: w.statuses[value]() }));
  const objectList = (objects.data ?? []).map((o) => ({ value: o.id, label: o.name }));

  const columns: Column<Questionnaire>[] = [
    {
      key: 'company',
      header: c.company(),
      cell: (q) => (
        <Link href={paths.waitingList.view(q.id)} data-testid="questionnaire-link">
          {q.company_name}
        </Link>
      ),
    },
    { key: 'brand', priority: 2, header: c.brand(), cell: (q) => q.brand_name },
    { key: 'category', priority: 3, header: c.category(), cell: (q) => q.category },
    { key: 'bin', priority: 5, header: c.bin(), cell: (q) => q.bin_iin },
    { key: 'contact', priority: 4, header: c.contact(), cell: (q) => q.contact_full_name },
    { key: 'phone', priority: 3, header: c.phone(), cell: (q) => q.phone },
    { key: 'object', priority: 3, header: c.object(), cell: (q) => q.object.name },
    { key: 'created_at', priority: 2, header: c.created_at(), cell: (q) => formatDateTime(q.created_at, locale) },
    {
      key: 'status',
      header: c.status(),
      cell: (q) => (
        <StatusBadge tone={q.status} testId="questionnaire-status">
          {w.statuses[q.status]()}
        </StatusBadge>
      ),
    },
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
      rowActions={mayDelete ? (q) => <DeleteQuestionnaire questionnaire={q} size="sm" /> : undefined}
      sortOptions={sorts.map(([value, key]) => ({ value, label: w.sort[key]() }))}
      filters={
        <>
          <FilterSelect
            {...list}
            filter="status"
            name="questionnaire-status"
            label={w.filters.status()}
            placeholder={w.filters.allStatuses()}
            options={statuses}
            data-testid="filter-status"
          />
          <FilterSelect {...list} filter="object_id" label={w.filters.object()} placeholder={w.filters.allObjects()} options={objectList} />
        </>
      }
    />
  );
}
