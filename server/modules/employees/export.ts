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
      { header: t.full_name(), key: 'full_name', width: 32 },
      { header: t.iin(), key: 'iin', width: 16 },
      { header: t.legal_name(), key: 'legal_name', width: 28 },
      { header: t.department(), key: 'department', width: 20 },
      { header: t.group(), key: 'group', width: 16 },
      { header: t.position(), key: 'position', width: 22 },
      { header: t.phone(), key: 'phone', width: 16 },
      { header: t.email(), key: 'email', width: 26 },
      { header: t.username(), key: 'username', width: 16 },
      { header: t.status(), key: 'status', width: 12 },
    ],
    batchSize: BATCH,
    batch: (after: Parameters<typeof employeeBatch>[2]) => employeeBatch(db, filter, after, BATCH),
    keyOf: (r) => ({ name: r.fullName, id: r.id }),
    cells: (r) => ({
      full_name: r.fullName,
      iin: r.iin,
      legal_name: r.legalName,
      department: r.department,
      group: r.group,
      position: r.position,
      phone: r.phone,
      email: r.email,
      username: r.username,
      status: ll.employees.statuses[r.status](),
    }),
  });
}
