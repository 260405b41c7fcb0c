import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SENT_ONLY } from '../../server/http/content-types';

type Content = { content?: Record<string, unknown> };
type Operation = { requestBody?: Content; responses?: Record<string, Content> };
const contract = parse(readFileSync(fileURLToPath(new URL('../../openapi.yaml', import.meta.url)), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses?: Record<string, Content> };
};

// Fastify parses these bodies itself (multipart is registered for the upload routes).
const parsedByFastify = new Set(['application/json', 'text/plain', 'multipart/form-data']);

describe('the media types the API only sends', () => {
  it('are exactly those of the contract’s answers that no operation takes as a body', () => {
    const operations = Object.values(contract.paths).flatMap((item) => Object.values(item));
    const taken = new Set(operations.flatMap((op) => Object.keys(op.requestBody?.content ?? {})));
    const answered = [...operations.flatMap((op) => Object.values(op.responses ?? {})), ...Object.values(contract.components.responses ?? {})].flatMap((r) =>
      Object.keys(r.content ?? {}),
    );
    const sentOnly = new Set(answered.filter((type) => !taken.has(type) && !parsedByFastify.has(type)));
    expect([...SENT_ONLY].sort()).toEqual([...sentOnly].sort());
  });
});
