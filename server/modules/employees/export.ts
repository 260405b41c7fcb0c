import type { PassThrough } from 'node:stream';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { streamXlsx } from '../../http/xlsx-stream';
import { type EmployeeFilter, employeeBatch } from './queries';

const BATCH = 1000;

/** The list as filtered, as .xlsx (http/xlsx-stream.ts: keyset batches, the first read before answering). */
export function exportEmployeesXlsx(db: Db, filter: EmployeeFilter, ll: LL): Promise<PassThrough> {
  const t = ll.employees.fields;
  return streamXlsx({
    name: ll.employees.title(),
    columns: [
      { header: t.full_name(), width: 32 },
      { header: t.iin(), width: 16 },
      { header: t.legal_name(), width: 28 },
      { header: t.department(), width: 20 },
      { header: t.group(), width: 16 },
      { header: t.position(), width: 22 },
      { header: t.phone(), width: 16 },
      { header: t.email(), width: 26 },
      { header: t.username(), width: 16 },
      { header: t.status(), width: 12 },
    ],
    batchSize: BATCH,
    batch: (after: Parameters<typeof employeeBatch>[2]) => employeeBatch(db, filter, after, BATCH),
    keyOf: (r) => ({ name: r.fullName, id: r.id }),
    cells: (r) => [r.fullName, r.iin, r.legalName, r.department, r.group, r.position, r.phone, r.email, r.username, ll.employees.statuses[r.status]()],
  });
}
