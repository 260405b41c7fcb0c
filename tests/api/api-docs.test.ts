import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { describeEachDatabase } from '../support/api-harness';

const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));

describeEachDatabase('the API reference page', (h) => {
  it('GET /api/docs answers the Swagger UI page, whose files are served here, not from a CDN', async () => {
    const page = await h.fetch<string>('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<div id="swagger-ui"></div>');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(3);
    expect(sources.filter((s) => !s.startsWith('/api/docs/static/'))).toEqual([]);
    for (const source of sources) expect((await h.fetch(source)).status, source).toBe(200);
    // The app's security headers stay on the page: scripts only from this origin.
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*https?:/);
  });

  it('the spec URL the page loads answers the contract as written', async () => {
    const init = await h.fetch<string>('/api/docs/static/swagger-initializer.js');
    expect(init.body).toContain("resolveUrl('./json')");
    const json = await h.fetch('/api/docs/json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(contract);
    const yaml = await h.fetch<string>('/api/docs/yaml');
    expect(parse(yaml.body)).toEqual(contract);
  });

  it('the SPA keeps its own routes: an unknown page is not the reference', async () => {
    const res = await h.fetch<string>('/settings/api-keys');
    expect(res.body).not.toContain('swagger-ui');
  });
});
