import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Logos that would script, navigate, fetch or re-write themselves when opened from our origin. */
const HOSTILE: Record<string, string> = {
  script: `<svg ${NS}><script>alert(1)</script></svg>`,
  'namespaced script': `<svg ${NS} xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(document.cookie)</svg:script></svg>`,
  'prefixed root and script': `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>`,
  'event attribute': `<svg ${NS} onload="alert(1)"><rect width="5" height="5"/></svg>`,
  'javascript: link': `<svg ${NS} ${XLINK}><a xlink:href="javascript:alert(1)"><rect width="5" height="5"/></a></svg>`,
  'set of an event attribute': `<svg ${NS}><rect width="5" height="5"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`,
  'animated link': `<svg ${NS}><a><animate attributeName="href" values="javascript:alert(1)"/><text y="10">x</text></a></svg>`,
  'external use': `<svg ${NS}><use href="http://evil.example/sprite.svg#a"/></svg>`,
  'HTML-namespace iframe': `<svg ${NS} xmlns:html="http://www.w3.org/1999/xhtml"><html:iframe src="javascript:alert(1)"/></svg>`,
  'CSS @import': `<svg ${NS}><style>@import url(http://evil.example/x.css);</style><rect width="5" height="5"/></svg>`,
  foreignObject: `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject></svg>`,
  entity: `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]><svg ${NS}><text>&lol;</text></svg>`,
  'external image': `<svg ${NS}><image href="https://evil.example/track.png" width="5" height="5"/></svg>`,
  'CSS url in a style attribute': `<svg ${NS}><rect width="5" height="5" style="fill:url(https://evil.example/x)"/></svg>`,
};

/** What drawing programs write: gradients, references inside the file, camelCase names, styles. */
const HARMLESS = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by an editor -->
<svg ${NS} ${XLINK} viewBox="0 0 10 10" preserveAspectRatio="xMidYMid meet"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="red"/></linearGradient><path id="p" d="M0 0h5"/></defs><use xlink:href="#p"/><rect fill="url(#g)" width="10" height="10" style="fill:url(#g)"/><style>.a{fill:red}</style><text x="1" y="9">Mega</text></svg>`;

describeEachDatabase('SVG logos', (h) => {
  let token = '';
  let centre = '';
  const logoDir = () => path.join(h.config.storageDir, 'logos', 'objects');
  const logoFiles = async () => (await readdir(logoDir()).catch(() => [] as string[])).sort();
  const upload = async (svg: string) => {
    const form = new FormData();
    form.append('logo', new Blob([svg], { type: 'image/svg+xml' }), 'logo.svg');
    const res = await fetch(`${h.baseUrl}/api/objects/${centre}/logo`, {
      method: 'PUT',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, body: (await res.json()) as { logo_url?: string; error?: { code: string } } };
  };

  beforeAll(async () => {
    token = await h.login('landlord');
    const res = (await h.db.execute(
      sql`select o.id from objects o join users u on u.landlord_id = o.landlord_id where u.username = 'landlord' limit 1`,
    )) as unknown as {
      rows: Array<{ id: string }>;
    };
    centre = res.rows[0]!.id;
  });

  it.each(Object.entries(HOSTILE))('refuses a logo with %s, storing nothing', async (_name, svg) => {
    const before = await logoFiles();
    const res = await upload(svg);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('file_type');
    expect(await logoFiles()).toEqual(before);
  });

  it('keeps an ordinary drawing, and stores the sanitised text, not the upload', async () => {
    const res = await upload(HARMLESS);
    expect(res.status).toBe(200);
    expect(res.body.logo_url).toMatch(/\.svg$/);
    const stored = await readFile(path.join(logoDir(), path.basename(res.body.logo_url!)), 'utf8');
    expect(stored).toContain('<linearGradient id="g"');
    expect(stored).toContain('viewBox="0 0 10 10"');
    expect(stored).toContain('xlink:href="#p"');
    expect(stored).not.toContain('exported by an editor');
  });
});
