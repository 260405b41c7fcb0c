import { Fragment, type ReactNode } from 'react';
import * as s from './records.css';

export type DetailRow = [key: string, term: string, value: ReactNode];

/** A record's fields as a term/value list; each value is found by `${testPrefix}${key}`. */
export function Details({ rows, testPrefix, children }: { rows: DetailRow[]; testPrefix: string; children?: ReactNode }) {
  return (
    <dl className={s.details}>
      {rows.map(([key, term, value]) => (
        <Fragment key={key}>
          <dt className={s.term}>{term}</dt>
          <dd className={s.value} data-testid={`${testPrefix}${key}`}>
            {value}
          </dd>
        </Fragment>
      ))}
      {children}
    </dl>
  );
}
