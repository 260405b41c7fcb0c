import { and, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { employees, users } from '../../../db/schema';
import { restorePassword } from '../../auth/service';
import { createEmployee, updateEmployee } from '../../employees/service';
import type { Value } from '../cells';
import { defineEntity } from '../kit';

type EmployeeInput = components['schemas']['EmployeeInput'];
/** Whoever has the username: this landlord's employee (with its stored columns), or anyone else. */
type Holder = { employeeId: string | null; landlordId: string | null; status: string | null; values: Record<string, string | null> };
type Plan = { id?: string; input: EmployeeInput; username: string; language: Locales };

const compared = [
  ['full_name', 'fullName'],
  ['iin', 'iin'],
  ['legal_name', 'legalName'],
  ['department', 'department'],
  ['group', 'group'],
  ['position', 'position'],
  ['phone', 'phone'],
  ['email', 'email'],
] as const;

const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Employees, found by their login (any letter case). A username another account holds (a renter, another
 * landlord's employee) is the row's error; a new employee gets its login and its first-login mail, as the form's.
 */
export const employeesEntity = defineEntity<Map<string, Holder>, Plan>({
  entity: 'employees',
  access: 'employees',
  key: ['username'],
  columns: [
    {
      key: 'username',
      kind: 'username',
      required: true,
      label: (ll) => ll.employees.fields.username(),
      example: 'a.nurlanova',
      note: (ll) => ll.imports.formats.key(),
    },
    { key: 'full_name', kind: 'text', required: true, max: 200, label: (ll) => ll.employees.fields.full_name(), example: 'Айгуль Нурланова' },
    { key: 'email', kind: 'email', required: true, label: (ll) => ll.employees.fields.email(), example: 'a.nurlanova@example.kz' },
    { key: 'iin', kind: 'bin', required: false, label: (ll) => ll.employees.fields.iin(), example: '900501400017' },
    { key: 'legal_name', kind: 'text', required: false, max: 200, label: (ll) => ll.employees.fields.legal_name(), example: 'ТОО «Mega Center Group»' },
    { key: 'department', kind: 'text', required: false, max: 200, label: (ll) => ll.employees.fields.department(), example: 'Эксплуатация' },
    { key: 'group', kind: 'text', required: false, max: 200, label: (ll) => ll.employees.fields.group(), example: 'Смена А' },
    { key: 'position', kind: 'text', required: false, max: 200, label: (ll) => ll.employees.fields.position(), example: 'Инженер' },
    { key: 'phone', kind: 'phone', required: false, label: (ll) => ll.employees.fields.phone(), example: '+77011234567' },
    { key: 'language', kind: 'choice', required: false, values: ['ru', 'kk', 'en'], label: (ll) => ll.imports.columns.language(), example: 'ru' },
  ],
  async load(db, landlordId, rows) {
    const names = [...new Set(rows.map((r) => text(r.values.username).toLowerCase()).filter(Boolean))];
    const found = names.length
      ? await db
          .select({
            username: sql<string>`lower(${users.username})`,
            employeeId: employees.id,
            landlordId: employees.landlordId,
            status: employees.status,
            fullName: employees.fullName,
            iin: employees.iin,
            legalName: employees.legalName,
            department: employees.department,
            group: employees.group,
            position: employees.position,
            phone: employees.phone,
            email: employees.email,
          })
          .from(users)
          .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.landlordId, landlordId)))
          .where(inArray(sql`lower(${users.username})`, names))
      : [];
    return new Map(found.map(({ username, employeeId, landlordId: of, status, ...values }) => [username, { employeeId, landlordId: of, status, values }]));
  },
  resolve(holders, v, locale) {
    const username = text(v.username);
    const input: EmployeeInput = {
      full_name: text(v.full_name),
      email: text(v.email),
      ...Object.fromEntries(
        (['iin', 'legal_name', 'department', 'group', 'position', 'phone'] as const).flatMap((k) =>
          v[k] === null || v[k] === undefined ? [] : [[k, text(v[k])]],
        ),
      ),
    };
    const holder = holders.get(username.toLowerCase());
    if (!holder) return { kind: 'new', plan: { input, username, language: (v.language as Locales | null) ?? locale } };
    if (!holder.employeeId) return { kind: 'wrong', problems: [{ column: 'username', code: 'usernameTaken' }] };
    if (holder.status !== 'active') return { kind: 'wrong', problems: [{ column: 'username', message: (ll) => ll.errors.invalid_state() }] };
    const same = compared.every(([key, column]) => text(v[key]) === (holder.values[column] ?? ''));
    return { kind: same ? 'unchanged' : 'changed', plan: { id: holder.employeeId, input, username, language: locale } };
  },
  async write(tx, landlordId, plan) {
    if (plan.id) await updateEmployee(tx, eq(employees.landlordId, landlordId), plan.id, plan.input);
    else await createEmployee(tx, landlordId, { ...plan.input, username: plan.username, language: plan.language });
  },
  async committed({ db, mailer, config }, plans) {
    for (const plan of plans) if (!plan.id) await restorePassword(db, mailer, config.publicUrl, plan.username).catch(() => undefined);
  },
});
