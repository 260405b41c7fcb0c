import { docxWith } from './docx';

const DAY = 86_400_000;
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
  /**
   * `count` daily series of one person, each begun a day further back, with a long description and four
   * reminders: rows for `calendar_events` (150 made the feed 11 MB and took 28 s).
   */
  dailySeries: (person: { id: string; landlordId: string }, count = 150, now = Date.now()) =>
    Array.from({ length: count }, (_, i) => ({
      landlordId: person.landlordId,
      creatorUserId: person.id,
      title: `Daily ${i}`,
      description: 'x'.repeat(5_000),
      startsAt: new Date(now - (i + 1) * DAY),
      endsAt: new Date(now - (i + 1) * DAY + 3_600_000),
      rrule: 'FREQ=DAILY',
      reminders: [0, 10, 60, 1440],
    })),
  template: (tags = 300_000) => docxWith(Array.from({ length: tags }, (_, i) => `{number} ${(i * 7919).toString(36)}`).join(' ')),
};
