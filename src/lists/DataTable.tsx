import type { ReactNode } from 'react';
import * as s from './DataTable.css';

export type Column<T> = { key: string; header: string; cell: (row: T) => ReactNode; width?: string };

/** The one table of every register list. */
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
  return (
    <div className={s.wrap}>
      <table className={s.table} data-testid="data-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={s.th} style={c.width ? { width: c.width } : undefined}>
                {c.header}
              </th>
            ))}
            {actions && <th className={s.th}>{actionsHeader}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={[s.tr, rowClass?.(row)].filter(Boolean).join(' ')} data-testid="data-row">
              {columns.map((c) => (
                <td key={c.key} className={s.td}>
                  {c.cell(row)}
                </td>
              ))}
              {actions && <td className={s.actions}>{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
