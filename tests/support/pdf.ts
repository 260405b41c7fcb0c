import type { Harness } from './api-harness';

/** A download as a user gets it: its status, headers and bytes (h.api reads bodies as text). */
export async function download(h: Harness, token: string, apiPath: string, lang = 'ru') {
  const res = await fetch(`${h.baseUrl}/api${apiPath}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A PDF's text read back by pdf.js, page by page, each line's pieces joined as a reader sees them. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}
