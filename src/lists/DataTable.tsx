import { Fragment, type ReactNode, useId, useState } from 'react';
import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';
import { lowestPriority, mayLeave, type Priority } from './columns';
import * as s from './DataTable.css';

export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  width?: string;
  /** How long the column stays in the table as the list narrows (see columns.ts); 1 when absent. */
  priority?: Priority;
};

/**
 * The one table of every list. Its width picks the layout: every column on a wide page; on a
 * narrower one the columns of higher priority move into a details row each row opens; on a phone
 * each row is a card of label and value with its actions at the bottom.
 */
/** An empty cell says so, as the cards and the details do: a dash, not a blank after its label. */
const shown = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

export function DataTable<T extends { id: string }>({
  columns,
  rows,
  actions,
  actionsHeader,
  rowClass,
}: {
  columns: Column<T>[];
  rows: T[];
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  /** An extra class for rows that must stand out (e.g. overdue requests). */
  rowClass?: (row: T) => string | undefined;
}) {
  const { LL } = useI18nContext();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const low = lowestPriority(columns.map((c) => c.priority));
  const leaving = mayLeave(columns);
  const flip = (rowId: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(rowId)) next.add(rowId);
      return next;
    });
  const cellClass = (c: Column<T>, i: number) => [s.td, i === 0 && s.first, s.leaves[c.priority ?? 1]].filter(Boolean).join(' ');
  const acted = rows.map((row) => actions?.(row));
  const anyAction = acted.some((a) => a !== undefined && a !== null && a !== false);
  const withActions = anyAction || leaving.length > 0;
  // Without actions the column holds only the details toggle, so it is there only while the toggle is.
  const actionsVisibility = anyAction ? undefined : s.toggleColumn[low];
  return (
    <div className={s.wrap}>
      <table className={s.table} data-testid="data-table">
        <thead className={s.thead}>
          <tr>
            {columns.map((c, i) => (
              <th
                key={c.key}
                scope="col"
                className={[i === 0 ? s.firstHead : s.th, s.leaves[c.priority ?? 1]].join(' ')}
                style={c.width ? { width: c.width } : undefined}
              >
                {c.header}
              </th>
            ))}
            {withActions && (
              <th scope="col" className={[s.actionsHead, actionsVisibility].filter(Boolean).join(' ')}>
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody className={s.tbody}>
          {rows.map((row, index) => {
            const expanded = open.has(row.id);
            const detailsId = `${id}-${row.id}`;
            return (
              <Fragment key={row.id}>
                <tr className={[s.tr, rowClass?.(row)].filter(Boolean).join(' ')} data-testid="data-row">
                  {columns.map((c, i) => (
                    <td key={c.key} className={cellClass(c, i)} data-label={c.header}>
                      {shown(c.cell(row))}
                    </td>
                  ))}
                  {withActions && (
                    <td className={[s.actions, actionsVisibility].filter(Boolean).join(' ')}>
                      <span className={s.actionsRow}>
                        {leaving.length > 0 && (
                          <span className={s.toggle[low]}>
                            <Button
                              size="sm"
                              variant="ghost"
                              className={s.toggleButton}
                              aria-expanded={expanded}
                              aria-controls={detailsId}
                              aria-label={LL.list.details()}
                              title={LL.list.details()}
                              onClick={() => flip(row.id)}
                              data-testid="row-details"
                            >
                              <span aria-hidden="true" className={s.chevron}>
                                ›
                              </span>
                            </Button>
                          </span>
                        )}
                        {acted[index]}
                      </span>
                    </td>
                  )}
                </tr>
                {expanded && (
                  <tr id={detailsId} className={s.detailsRow[low]}>
                    <td className={s.detailsCell} colSpan={columns.length + (withActions ? 1 : 0)}>
                      <dl className={s.details}>
                        {leaving.map((c) => (
                          <div key={c.key} className={s.detail[c.priority ?? 1]}>
                            <dt className={s.term}>{c.header}</dt>
                            <dd className={s.value}>{shown(c.cell(row))}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
