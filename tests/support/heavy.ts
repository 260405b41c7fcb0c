import { docxWith } from './docx';

const NS = 'xmlns="http://www.w3.org/2000/svg"';

/** The worst cases a landlord could send before the limits: each held every other landlord's requests for seconds. */
export const heavy = {
  /** 60,000 groups each inside the last (about 420 KB). */
  nestedSvg: (depth = 60_000) => `<svg ${NS} viewBox="0 0 10 10">${'<g>'.repeat(depth)}<rect width="1" height="1"/>${'</g>'.repeat(depth)}</svg>`,
  /** A flat drawing of `count` rectangles (45,000: about 1.8 MB). */
  flatSvg: (count = 45_000) =>
    `<svg ${NS} viewBox="0 0 1000 1000">${Array.from({ length: count }, (_, i) => `<rect x="${i % 1000}" y="${i % 997}" width="3" height="3"/>`).join('')}</svg>`,
  /**
   * A lease template of `tags` placeholders, every one a lease field, between words varied enough that
   * it is no zip bomb (300,000: about 1 MiB).
   */
  template: (tags = 300_000) => docxWith(Array.from({ length: tags }, (_, i) => `{number} ${(i * 7919).toString(36)}`).join(' ')),
};
