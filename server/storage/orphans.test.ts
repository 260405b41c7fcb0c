import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as schema from '../db/schema';
import { FILE_KEY_COLUMNS } from './orphans';

it('the sweep knows every column that names a stored file, so no kept file is swept', () => {
  const listed = new Set(FILE_KEY_COLUMNS.map((c) => `${getTableName(c.table)}.${c.name}`));
  const keyColumns = (Object.values(schema) as unknown[])
    .flatMap((t) => (is(t, Table) ? [t] : []))
    .flatMap((t) => Object.values(getTableColumns(t)).map((c) => `${getTableName(t)}.${c.name}`))
    // A rate limit's key is a counter's name, not a file.
    .filter((name) => /key$/i.test(name.split('.')[1] ?? '') && !['rate_limits.key', 'api_key_rate_limits.key'].includes(name));
  expect(keyColumns.length).toBeGreaterThan(10);
  expect(keyColumns.filter((name) => !listed.has(name))).toEqual([]);
  expect([...listed].filter((name) => !keyColumns.includes(name))).toEqual([]);
});
