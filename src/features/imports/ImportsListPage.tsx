import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { importableBy } from '#/shared/imports';
import { filterKeys, type ImportItem, importStatuses, useImports } from '#/state/queries/imports';
import { useViewer } from '#/state/session';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { Button } from '../../ui';
import { ImportBadge } from './format';
import * as s from './imports.css';

/** `/imports/history`: the landlord's imports, newest first (an employee's: those of the entities it may import). */
export function ImportsListPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.importPage;
  const link = useSpaLink();
  const allowed = importableBy(useViewer());
  const { params, update } = useListParams({ sort: '-created_at', extraKeys: filterKeys });
  const query = useImports(params);
  const c = t.columns;

  const columns: Column<ImportItem>[] = [
    {
      key: 'created_at',
      header: c.created_at(),
      cell: (i) => (
        <Link href={paths.imports.view(i.id)} data-testid="import-link">
          {formatDateTime(i.created_at, locale)}
        </Link>
      ),
    },
    { key: 'file_name', priority: 2, header: c.file_name(), cell: (i) => <span className={s.fileName}>{i.file_name}</span> },
    { key: 'entity', priority: 2, header: c.entity(), cell: (i) => LL.imports.entities[i.entity]() },
    { key: 'created_by', priority: 3, header: c.created_by(), cell: (i) => i.created_by.name },
    { key: 'counts', priority: 4, header: c.counts(), cell: (i) => (i.entity === 'bank_statement' ? t.bank.countsShort(i.counts) : t.countsShort(i.counts)) },
    { key: 'status', header: c.status(), cell: (i) => <ImportBadge status={i.status} /> },
  ];

  return (
    <ListPage
      title={t.historyTitle()}
      testId="imports-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      withSearch={false}
      emptyHint={t.emptyHint()}
      filters={
        <>
          {allowed.length > 1 && (
            <FilterSelect
              params={params}
              update={update}
              filter="entity"
              label={t.filters.entity()}
              placeholder={t.filters.allEntities()}
              options={allowed.map((e) => ({ value: e, label: LL.imports.entities[e]() }))}
            />
          )}
          <FilterSelect
            params={params}
            update={update}
            filter="status"
            label={t.filters.status()}
            placeholder={t.filters.allStatuses()}
            options={importStatuses.map((value) => ({ value, label: t.statuses[value]() }))}
          />
        </>
      }
      actions={<Button onClick={link(paths.imports.page)}>{t.newImport()}</Button>}
      rowActions={(i) => (
        <Button size="sm" variant="ghost" onClick={link(paths.imports.view(i.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}
