import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import type { AccessAction, AccessModule } from '../../auth/levels';
import type { Db, Tx } from '../../db/client';
import type { StoredRowError } from '../../db/schema';
import type { Deps } from '../../deps';
import type { LL } from '../../http/i18n';
import { translatorIn } from '../../http/i18n';
import type { ColumnSpec, RowProblem, Value } from './cells';
import type { FileFormat } from './formats';
import type { ReadInput, ReadRow } from './read';

export type ImportEntity = components['schemas']['ImportEntity'];

/** A column of an entity, described once: the reader's rule, its header in each language, an example, a note. */
export type ColumnDef = Omit<ColumnSpec, 'headers'> & {
  label: (ll: LL) => string;
  /** A choice's values as the caller's language names them: the template's list, its notes, the row's error. */
  valueLabels?: (ll: LL) => string[];
  example: string;
  /** What the notes sheet says of the column, beside its format. */
  note?: (ll: LL) => string;
};

/** A row's problem: one of the kit's own (cells.ts) or a register's message (a form's rule broken on write). */
export type Problem = RowProblem | { column: string | null; message: (ll: LL) => string };
/** `skipped`: a row the entity does not take (a statement's outgoing payment), counted in the total only. */
export type Outcome<P> = { kind: 'new' | 'changed' | 'unchanged'; plan: P } | { kind: 'skipped' } | { kind: 'wrong'; problems: Problem[] };
type Values = Record<string, Value>;

/**
 * An entity, described once: its columns (template, reader, notes, error report follow from them), its
 * natural key, who may import it, how its rows are found in the register (`load` reads what the whole
 * file needs in a few statements, `resolve` judges one row) and how one is written (the register's own
 * create and update, so an imported row obeys the form's rules).
 */
export type EntitySpec<Ctx, P> = {
  entity: ImportEntity;
  /** The grant module whose `action` (create when absent) lets an employee import it; null: the landlord only. */
  access: AccessModule | null;
  action?: Extract<AccessAction, 'create' | 'update'>;
  columns: ColumnDef[];
  /**
   * The entity's own file format (formats.ts) instead of a spreadsheet: its files are read by it alone, a
   * file not of it refused as a whole, and it has no template.
   */
  format?: FileFormat;
  /** The columns whose values, together, name a row (any letter case). */
  key: string[];
  /** The fixed values of columns whose set is the landlord's own (object names), for the template's lists. */
  choices?(db: Db, landlordId: string): Promise<Record<string, string[]>>;
  load(db: Db | Tx, landlordId: string, rows: ReadRow[]): Promise<Ctx>;
  resolve(ctx: Ctx, values: Values, locale: Locales): Outcome<P>;
  write(tx: Tx, landlordId: string, plan: P, kind: 'new' | 'changed', source: Source): Promise<void>;
  /** Every new row in a few statements, when the register can (its rules already held by `resolve`); else `write` each. */
  writeNew?(tx: Tx, landlordId: string, plans: P[], source: Source): Promise<void>;
  /** Every planned row, new and changed, as one set: an entity whose rows are written together (a statement's lines). */
  writeAll?(tx: Tx, landlordId: string, planned: { kind: 'new' | 'changed'; plan: P }[], source: Source): Promise<void>;
  /** After the commit: what waits for it (the lease job for imported leases). */
  committed?(deps: Deps, plans: P[]): Promise<void>;
};

/**
 * Who commits which file (what a register's history says of a row written by an import), and whether new
 * tenants are to be sent their first-login mail (queued with the commit, sent at the invitation job's pace).
 */
export type Source = { importId: string; userId: string; name: string; fileName: string; invite: boolean };

export type Planned = { row: number; kind: 'new' | 'changed'; plan: unknown };
export type Entity = Omit<EntitySpec<unknown, unknown>, 'resolve' | 'load'> & {
  check(db: Db | Tx, landlordId: string, rows: ReadRow[], locale: Locales): Promise<Check>;
};

/** The distinct texts of a column in the file: what `load` looks up in the register at once. */
export const textsOf = (rows: ReadRow[], key: string) => [
  ...new Set(rows.map((r) => r.values[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

export const MAX_ERRORS = 1000;
export type Counts = { total: number; new: number; changed: number; unchanged: number; wrong: number };
export type Check = { counts: Counts; errorCount: number; errors: StoredRowError[]; planned: Planned[]; byRow: Map<number, Problem[]> };

const locales: Locales[] = ['ru', 'kk', 'en'];

export function messageOf(problem: Problem, ll: LL): string {
  if ('message' in problem) return problem.message(ll);
  const p = problem.params ?? {};
  switch (problem.code) {
    case 'username':
      return ll.validation.username();
    case 'usernameTaken':
      return ll.errors.username_taken();
    case 'roomNumberTaken':
      return ll.errors.room_number_taken();
    case 'tooLong':
      return ll.imports.row.tooLong({ max: Number(p.max) });
    case 'choice':
      return ll.imports.row.choice({ values: String(p.values) });
    case 'duplicate':
      return ll.imports.row.duplicate({ row: Number(p.row) });
    case 'objectNotFound':
      return ll.imports.row.objectNotFound({ name: String(p.name) });
    case 'roomNotFound':
      return ll.imports.row.roomNotFound({ number: String(p.number), object: String(p.object) });
    default:
      return ll.imports.row[problem.code]();
  }
}

/** A problem as kept with the import: its message in every language. */
export const storedOf = (row: number, problem: Problem): StoredRowError => ({
  row,
  column: problem.column,
  message: Object.fromEntries(locales.map((l) => [l, messageOf(problem, translatorIn(l))])) as StoredRowError['message'],
});

const keyText = (v: Value) =>
  String(v ?? '')
    .trim()
    .toLowerCase();

/** Erases the spec's types behind `check`, which reads, resolves and counts every row. */
export function defineEntity<Ctx, P>(spec: EntitySpec<Ctx, P>): Entity {
  // A choice whose values have names is told by those names, in each reader's language.
  const named = new Map(spec.columns.flatMap((c) => (c.valueLabels ? [[c.key, c.valueLabels] as const] : [])));
  const told = (p: RowProblem): Problem => {
    const labels = p.code === 'choice' && p.column !== null ? named.get(p.column) : undefined;
    return labels ? { column: p.column, message: (ll) => ll.imports.row.choice({ values: labels(ll).join(', ') }) } : p;
  };
  return {
    ...(spec as unknown as EntitySpec<unknown, unknown>),
    async check(db, landlordId, rows, locale) {
      const ctx = await spec.load(db, landlordId, rows);
      const counts: Counts = { total: rows.length, new: 0, changed: 0, unchanged: 0, wrong: 0 };
      const seen = new Map<string, number>();
      const planned: Planned[] = [];
      const byRow = new Map<number, Problem[]>();
      for (const row of rows) {
        const problems: Problem[] = row.problems.map(told);
        const keyed = spec.key.every((k) => row.values[k] !== undefined && row.values[k] !== null);
        if (keyed) {
          const key = spec.key.map((k) => keyText(row.values[k] ?? null)).join('\u0000');
          const first = seen.get(key);
          if (first !== undefined) problems.push({ column: spec.key.at(-1) ?? null, code: 'duplicate', params: { row: first } });
          else seen.set(key, row.row);
        }
        if (problems.length === 0) {
          const outcome = spec.resolve(ctx, row.values, locale);
          if (outcome.kind === 'wrong') problems.push(...outcome.problems);
          else if (outcome.kind !== 'skipped') {
            counts[outcome.kind] += 1;
            if (outcome.kind !== 'unchanged') planned.push({ row: row.row, kind: outcome.kind, plan: outcome.plan });
          }
        }
        if (problems.length > 0) {
          counts.wrong += 1;
          byRow.set(row.row, problems);
        }
      }
      const all = [...byRow].flatMap(([row, problems]) => problems.map((p) => ({ row, p })));
      return { counts, errorCount: all.length, errors: all.slice(0, MAX_ERRORS).map(({ row, p }) => storedOf(row, p)), planned, byRow };
    },
  };
}

/** The reader's view of the columns: every header a column answers to (its key and its name in each language). */
export function specsOf(entity: Entity, ll: LL): ReadInput['columns'] {
  return entity.columns.map(({ label, note: _note, valueLabels: _labels, ...c }) => ({
    ...c,
    label: label(ll),
    headers: [c.key, ...locales.map((l) => label(translatorIn(l)))].map((h) => h.trim().toLowerCase().replace(/\s+/g, ' ')),
  }));
}
