import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { leaseTemplatePlaceholders } from '#/shared/lease-template';

/**
 * A lease template parsed and filled by docxtemplater: run on a worker thread (server/workers), after
 * document.ts has checked its size and its count of tags. Refusals are values, not thrown errors.
 */
export type Values = Record<(typeof leaseTemplatePlaceholders)[number], string>;
type Problem = { invalid: string } | { unknown: string[] };

/** The first tag docxtemplater could not parse: `{renter_name` or an unopened `}`. */
function brokenTag(err: unknown): { invalid: string } {
  const e = err as { properties?: { errors?: { properties?: { xtag?: string; context?: string; id?: string } }[] } };
  const first = e.properties?.errors?.[0]?.properties ?? (e as { properties?: { xtag?: string; context?: string; id?: string } }).properties;
  return { invalid: (first?.context ?? first?.xtag ?? first?.id ?? '?').trim() };
}

/**
 * What keeps a template from being kept: a tag that does not parse, or tags that are not lease fields
 * (`{no_such_field}`, in order of first use), which filled would come out blank without a word.
 */
export function templateProblem(bytes: Uint8Array): Problem | null {
  const unknown = new Set<string>();
  const known = Object.fromEntries(leaseTemplatePlaceholders.map((p) => [p, 'x']));
  try {
    const doc = new Docxtemplater(new PizZip(bytes), {
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      nullGetter: (part) => {
        if (part.value) unknown.add(String(part.value).trim());
        return '';
      },
    });
    doc.render(known);
  } catch (err) {
    return brokenTag(err);
  }
  return unknown.size > 0 ? { unknown: [...unknown] } : null;
}

/** The template filled with `values`, as a .docx. */
export function fillTemplate({ bytes, values }: { bytes: Uint8Array; values: Values }): { invalid: string } | { docx: Uint8Array } {
  try {
    const doc = new Docxtemplater(new PizZip(bytes), { paragraphLoop: true, linebreaks: true, nullGetter: () => '', errorLogging: false });
    doc.render(values);
    return { docx: doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' }) };
  } catch (err) {
    return brokenTag(err);
  }
}
