import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';

/**
 * Every answer an API test receives is held to openapi.yaml: the status must be declared by the
 * operation, its content type too, and a JSON body must match the declared schema (files and streams:
 * status and type only). Answers outside `/api` (the SPA, storage links) are not operations and are not
 * checked. Drift is collected here and fails the test that caused it (afterEach in the harness), so the
 * answer a test asserts on is never altered.
 */

type Media = Record<string, { schema?: unknown }>;
type Response = { $ref?: string; content?: Media };
type Operation = { id: string; method: string; pattern: RegExp; params: number; responses: Record<string, Response> };
type Contract = { base: string; operations: Operation[]; responses: Record<string, Response>; ajv: Ajv; validators: WeakMap<object, ValidateFunction> };

const CONTRACT_ID = 'contract.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/** Local refs become refs into the one schema document ajv holds, so each response schema compiles alone. */
function rebase(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rebase);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${CONTRACT_ID}${value}` : rebase(value);
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * The contract as data. Parsing its YAML costs about as much as the rest of the check together, and every
 * test file is a process of its own: the parse is kept as JSON beside the other temporary files, by hash.
 */
function parsedContract() {
  const text = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  const cached = path.join(os.tmpdir(), `mall-crm-contract-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8'));
  const doc = parse(text);
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(doc));
  renameSync(partial, cached);
  return doc;
}

/** Reads and prepares the contract once per test process (a module-level cache); schemas compile on first use. */
let loaded: Contract | undefined;
export function contract(): Contract {
  if (loaded) return loaded;
  const doc = parsedContract();
  const base: string = doc.servers?.[0]?.url ?? '';
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, inlineRefs: false });
  addFormats(ajv);
  // Files are sent as bytes; their schema only says so.
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: CONTRACT_ID, components: rebase(doc.components) as object });
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<Record<string, { operationId: string; responses: Record<string, Response> }>>(doc.paths)) {
    const params = (template.match(/\{[^}]+\}/g) ?? []).length;
    const source = escapeRegExp(`${base}${template}`).replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push({ id: op.operationId, method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), params, responses: op.responses });
    }
  }
  // A literal segment wins over a parameter (/employee/all before /employee/{id}).
  operations.sort((a, b) => a.params - b.params);
  loaded = { base, operations, responses: doc.components?.responses ?? {}, ajv, validators: new WeakMap() };
  return loaded;
}

export function operationOf(method: string, urlPath: string): Operation | undefined {
  const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
  return contract().operations.find((op) => wanted.includes(op.method) && op.pattern.test(urlPath));
}

/**
 * `default` (components.responses.Generic) stands only for what any call may meet, not for the
 * operation's own answers: those must be listed, or a 403 the contract never mentions would pass. 429
 * is any API key's past its rate.
 */
const GENERIC = new Set(['413', '415', '429', '500', '503']);

function responseOf(op: Operation, status: number | string): Response | undefined {
  const code = String(status);
  const declared = op.responses[code] ?? op.responses[`${code[0]}XX`] ?? (GENERIC.has(code) ? op.responses.default : undefined);
  const ref = declared?.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
  return ref ? contract().responses[ref] : declared;
}

/** One validator per schema object: the shared Error answer compiles once, not once per operation. */
function validatorOf(schema: object): ValidateFunction {
  const { ajv, validators } = contract();
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(rebase(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

/** Compiles every declared JSON answer (what a drifting schema would break on first use); returns how many. */
export function compileAll(): number {
  let count = 0;
  for (const op of contract().operations) {
    for (const status of Object.keys(op.responses)) {
      for (const [media, { schema }] of Object.entries(responseOf(op, status)?.content ?? {})) {
        if (media.includes('json') && schema !== undefined) {
          validatorOf(schema as object);
          count++;
        }
      }
    }
  }
  return count;
}

/** A validator of one schema of `components.schemas`. */
export function componentValidator(name: string): ValidateFunction {
  return contract().ajv.compile({ $ref: `${CONTRACT_ID}#/components/schemas/${name}` });
}

export type Answer = { method: string; url: string; status: number; contentType: string | undefined; body: string | undefined };

/** What is wrong with one answer, or null when it keeps the contract (or is not an API call). */
export function driftOf(answer: Answer): string | null {
  const urlPath = answer.url.split('?')[0] ?? '';
  if (!urlPath.startsWith(`${contract().base}/`)) return null;
  // The reference page (Swagger UI and the contract itself) is no operation of the contract.
  if (urlPath === `${contract().base}/docs` || urlPath.startsWith(`${contract().base}/docs/`)) return null;
  const where = `${answer.method} ${urlPath} → ${answer.status}`;
  const op = operationOf(answer.method, urlPath);
  // An unknown call may only be refused as unknown.
  if (!op) return answer.status === 404 ? null : `${where}: no operation of the contract matches`;
  const response = responseOf(op, answer.status);
  if (!response) return `${where}: ${op.id} does not declare ${answer.status} (declared: ${Object.keys(op.responses).join(', ')})`;
  const content = response.content ?? {};
  const media = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  const hasBody = answer.body !== undefined && answer.body !== '';
  if (Object.keys(content).length === 0) return hasBody ? `${where}: ${op.id} declares no body, got ${media}` : null;
  if (!media) return hasBody || answer.method !== 'HEAD' ? `${where}: no content type (declared: ${Object.keys(content).join(', ')})` : null;
  const declared = content[media] ?? content[`${media.split('/')[0]}/*`] ?? content['*/*'];
  if (!declared) return `${where}: ${op.id} does not declare ${media} (declared: ${Object.keys(content).join(', ')})`;
  // Files and streams: their status and type are what the contract says of them.
  if (!media.includes('json') || declared.schema === undefined || answer.body === undefined || answer.method === 'HEAD') return null;
  let data: unknown;
  try {
    data = JSON.parse(answer.body);
  } catch {
    return `${where}: the body is not JSON`;
  }
  const validate = validatorOf(declared.schema as object);
  if (validate(data)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  return `${where}: ${op.id} body does not match: ${errors.join('; ')}`;
}

const drift: string[] = [];

/** Drift found since the last call, cleared. */
export function takeDrift(): string[] {
  return drift.splice(0);
}

/** Fails with every drift found since the last check (the harness calls it after each test). */
export function expectNoContractDrift(): void {
  const found = takeDrift();
  if (found.length) throw new Error(`The server's answers drift from openapi.yaml:\n${found.join('\n')}`);
}

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream: a file
}

/** Checks every answer the app sends; call before the app is ready (right after startServer). */
export function watchContract(app: FastifyInstance): void {
  const record = (answer: Answer) => {
    const found = driftOf(answer);
    if (!found) return;
    drift.push(found);
    // Drift is reported when a test ends; a long run can also log it as it is found.
    if (process.env.CONTRACT_DRIFT_LOG) appendFileSync(process.env.CONTRACT_DRIFT_LOG, `${found}\n`);
  };
  app.addHook('onSend', async (req, reply, payload) => {
    const type = reply.getHeader('content-type');
    record({ method: req.method, url: req.url, status: reply.statusCode, contentType: type === undefined ? undefined : String(type), body: bodyText(payload) });
    return payload;
  });
  // A stream the handler writes itself (Server-Sent Events) skips onSend: its status and type are checked when it ends.
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.once('close', () => {
      if (!(reply as unknown as Record<symbol, boolean>)[hijacked(reply)]) return;
      // Headers given to writeHead are not kept for getHeader; the head as sent is.
      const head = (reply.raw as unknown as { _header?: string | null })._header ?? '';
      const type = /^content-type:\s*([^\r\n]+)/im.exec(head)?.[1];
      record({ method: req.method, url: req.url, status: reply.raw.statusCode, contentType: type, body: undefined });
    });
  });
}

/** fastify keeps "hijacked" under a symbol of its own. */
function hijacked(reply: object): symbol {
  const symbol = Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.hijacked');
  return symbol ?? Symbol('none');
}
