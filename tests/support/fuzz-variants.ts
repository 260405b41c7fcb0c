import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** A JSON schema as openapi.yaml writes it, `$ref`s resolved. */
export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  maxLength?: number;
  maximum?: number;
  minimum?: number;
  nullable?: boolean;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
export type Operation = {
  id: string;
  method: string;
  path: string;
  anonymous: boolean;
  /** Declared as "501 until its module lands" in the contract. */
  later: boolean;
  /** The roles it is open to (`x-roles`); every signed-in role when absent. */
  roles?: string[];
  tags: string[];
  /** The API key scope it names (`x-scope`), if not the one its tag and method give. */
  xScope?: string;
  params: Parameter[];
  /** Declared body content types and their schemas. */
  body: Record<string, Schema>;
};
/** One malformed request: what it changes, and how it is sent. */
export type Variant = {
  what: string;
  path: string;
  query?: string;
  contentType?: string;
  body?: string | Uint8Array;
};

const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));

function resolve<T>(node: T, depth = 0): T {
  if (depth > 12 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => resolve(n, depth + 1)) as T;
  const ref = (node as { $ref?: string }).$ref;
  if (ref) {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: Record<string, unknown>, key) => at[key] as Record<string, unknown>, spec);
    return resolve(target as T, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, depth + 1)])) as T;
}

/** Every operation of the contract, parameters and bodies resolved. */
export function contractOperations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
    const shared = resolve((item.parameters ?? []) as Parameter[]);
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const content = resolve((op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {});
      ops.push({
        id: String(op.operationId),
        method: method.toUpperCase(),
        path,
        anonymous: Array.isArray(op.security) && op.security.length === 0,
        later: String(op.description ?? '').startsWith('501'),
        roles: op['x-roles'] as string[] | undefined,
        tags: (op.tags as string[] | undefined) ?? [],
        xScope: op['x-scope'] as string | undefined,
        params: [...shared, ...resolve((op.parameters ?? []) as Parameter[])],
        body: Object.fromEntries(Object.entries(content).map(([type, c]) => [type, c.schema ?? {}])),
      });
    }
  }
  return ops;
}

const flatten = (s: Schema | undefined): Schema => (s?.allOf ? Object.assign({ ...s }, ...s.allOf.map(flatten)) : (s ?? {}));

/** A plausible value of a schema, so that a variant differs from a sane request in one place only. */
function sample(raw: Schema | undefined, depth = 0): unknown {
  const s = flatten(raw);
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(s.items, depth + 1)];
    case 'object':
      return depth > 3 ? {} : Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k], depth + 1)]));
    default:
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'fuzz@example.kz';
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
      return 'fuzz';
  }
}

/** Values no schema of this type takes: each one is malformed by construction. */
function badValues(raw: Schema | undefined): Array<[string, unknown]> {
  const s = flatten(raw);
  const out: Array<[string, unknown]> = [];
  if (s.type === 'integer' || s.type === 'number') {
    out.push(['wrong type', 'NaN-text'], ['over 2^63', s.maximum !== undefined ? s.maximum + 1 : 1e30]);
  } else if (s.type === 'boolean') out.push(['wrong type', 'yes-no']);
  else if (s.type === 'array') out.push(['wrong type', 'not-an-array']);
  else if (s.type === 'object') out.push(['wrong type', 17]);
  else {
    out.push(['NUL byte', `a\u0000b`], ['wrong type', { nested: true }]);
    if (s.maxLength !== undefined) out.push(['overlong', 'ж'.repeat(s.maxLength + 1)]);
  }
  return out;
}

const PATH_BAD: Array<[string, string]> = [
  ['NUL byte', '%00'],
  ['overlong', 'a'.repeat(300)],
  ['wrong type', 'not-an-id'],
  ['over 2^31', '99999999999'],
];
const QUERY_BAD: Array<[string, string]> = [
  ['NUL byte', 'x%00y'],
  ['overlong', 'q'.repeat(5000)],
  ['over 2^63', '9'.repeat(40)],
];

/** Fills the path with plausible values, one parameter set to `bad`. */
function concrete(op: Operation, bad?: { name: string; value: string }): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (bad?.name === name) return bad.value;
    const p = op.params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(sample(p?.schema)));
  });
}

const BOUNDARY = 'fuzzBoundary7MA4YWxk';
function multipart(fields: Record<string, string>): string {
  return `${Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${BOUNDARY}--\r\n`;
}

/** The malformed variants of one operation, bounded (`perPart` per parameter list or body). */
export function variantsOf(op: Operation, perPart = 3): Variant[] {
  const base = concrete(op);
  const out: Variant[] = [];
  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const [what, value] of PATH_BAD) out.push({ what: `path ${p.name}: ${what}`, path: concrete(op, { name: p.name, value }) });
  }
  for (const p of op.params.filter((x) => x.in === 'query').slice(0, perPart)) {
    const kind = flatten(p.schema).type;
    for (const [what, value] of QUERY_BAD) {
      if (what === 'over 2^63' && kind !== 'integer' && kind !== 'number') continue;
      out.push({ what: `query ${p.name}: ${what}`, path: base, query: `${p.name}=${value}` });
    }
    if (kind === 'integer' || kind === 'number' || flatten(p.schema).format === 'uuid')
      out.push({ what: `query ${p.name}: wrong type`, path: base, query: `${p.name}=abc` });
  }
  const json = op.body['application/json'];
  if (json) {
    const s = flatten(json);
    const good = sample(s) as Record<string, unknown>;
    for (const name of Object.keys(s.properties ?? {}).slice(0, perPart * 2)) {
      for (const [what, value] of badValues(s.properties?.[name]).slice(0, 2)) {
        out.push({
          what: `body ${name}: ${what}`,
          path: base,
          contentType: 'application/json',
          body: JSON.stringify({ ...good, [name]: value }),
        });
      }
    }
    out.push({ what: 'body: wrong type', path: base, contentType: 'application/json', body: s.type === 'array' ? '{}' : '[1]' });
    out.push({ what: 'body: broken JSON', path: base, contentType: 'application/json', body: '{"a":' });
  }
  const form = op.body['multipart/form-data'];
  if (form) {
    const names = Object.keys(flatten(form).properties ?? {}).filter((n) => flatten(flatten(form).properties?.[n]).format !== 'binary');
    for (const name of names.slice(0, perPart)) {
      out.push({
        what: `multipart ${name}: NUL byte`,
        path: base,
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        body: multipart({ [name]: 'a\u0000b' }),
      });
    }
  }
  // Every operation, whatever it declares: bodies it does not take, and multipart it cannot parse.
  out.push({ what: 'text/plain JSON', path: base, contentType: 'text/plain', body: JSON.stringify(json ? sample(json) : { a: 1 }) });
  out.push({ what: 'form-urlencoded', path: base, contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' });
  out.push({ what: 'multipart without boundary', path: base, contentType: 'multipart/form-data', body: 'garbage' });
  out.push({
    what: 'multipart cut short',
    path: base,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc`,
  });
  return out;
}
