import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useI18nContext } from '../i18n/i18n-react';
import { Button, EmptyState, ErrorState, Page, Select, Skeleton } from '../ui';
import { type Column, DataTable } from './DataTable';
import * as s from './ListPage.css';
import { isDenied, NoAccessPage } from './NoAccess';
import { Pagination } from './Pagination';
import { refusalOf } from './QueryPage';
import { SearchBox } from './SearchBox';
import type { ListParams } from './useListParams';

type PageData<T> = { data: T[]; meta: { page: number; limit: number; total: number; total_exact?: boolean | undefined } };

export type ListPageProps<T extends { id: string }> = {
  title: string;
  actions?: ReactNode;
  params: ListParams;
  update: (patch: Partial<ListParams>) => void;
  query: UseQueryResult<PageData<T>>;
  columns: Column<T>[];
  rowActions?: (row: T) => ReactNode;
  rowClass?: (row: T) => string | undefined;
  sortOptions?: { value: string; label: string }[];
  /** Lists without soft delete hide the status filter. */
  withStatus?: boolean;
  /** Lists whose call takes no `search` hide the search box. */
  withSearch?: boolean;
  filters?: ReactNode;
  /** Shown between the title and the toolbar (tabs, a notice). */
  intro?: ReactNode;
  /** What an empty list says when no search or filter narrowed it (where its records come from). */
  emptyHint?: string;
  testId?: string;
};

/**
 * The one list page of every register: search, status and sort in the address, a skeleton while
 * loading, an empty state, an error state with retry, the table and its pagination.
 */
export function ListPage<T extends { id: string }>(props: ListPageProps<T>) {
  const { LL } = useI18nContext();
  const { params, update, query } = props;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const narrowed = Boolean(params.search) || params.status === 'deleted' || Object.values(params.extra ?? {}).some(Boolean);
  if (query.isError && isDenied(query.error)) return <NoAccessPage title={props.title} />;
  return (
    <Page title={props.title} actions={props.actions} data-testid={props.testId}>
      {props.intro}
      <div className={s.toolbar}>
        {props.withSearch !== false && <SearchBox value={params.search} onSearch={(search) => update({ search })} />}
        <Button
          variant="secondary"
          className={s.filtersToggle}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {LL.list.filters()}
        </Button>
        <div id={filtersId} className={s.filters} data-open={filtersOpen}>
          {props.withStatus !== false && (
            <Select
              label={LL.list.status()}
              name="status"
              value={params.status}
              onChange={(e) => update({ status: e.target.value as ListParams['status'] })}
              options={[
                { value: 'active', label: LL.records.active() },
                { value: 'deleted', label: LL.records.deleted() },
              ]}
            />
          )}
          {props.sortOptions && (
            <Select label={LL.list.sortBy()} name="sort" value={params.sort} onChange={(e) => update({ sort: e.target.value })} options={props.sortOptions} />
          )}
          {props.filters}
        </div>
      </div>
      {query.isPending ? (
        <Skeleton lines={6} label={LL.common.loading()} />
      ) : query.isError ? (
        <ErrorState text={refusalOf(query.error) ?? LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        // "Change the search" helps only where a search or a filter narrowed the list.
        <EmptyState title={LL.list.empty()} text={narrowed ? LL.list.emptyHint() : props.emptyHint} />
      ) : (
        <>
          <DataTable columns={props.columns} rows={query.data.data} actions={props.rowActions} actionsHeader={LL.list.actions()} rowClass={props.rowClass} />
          <Pagination
            page={params.page}
            limit={query.data.meta.limit}
            total={query.data.meta.total}
            exact={query.data.meta.total_exact}
            rows={query.data.data.length}
            onPage={(page) => update({ page })}
          />
        </>
      )}
    </Page>
  );
}
