/**
 * A landlord's .docx template (a lease's, an АВР's) parsed and filled by docxtemplater: run on a worker
 * thread (server/workers), after document.ts has checked its size and its count of tags. Refusals are
 * values, not thrown errors.
 */
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import { leaseTemplatePlaceholders } from '#/shared/lease-template';

/** A lease's value for each placeholder, written as the document shows it. */
export type Values = Record<(typeof leaseTemplatePlaceholders)[number], string>;
/** What fills a template: text for each placeholder, rows for a loop (`{#lines}…{/lines}`). */
export type TemplateValues = Record<string, string | number | ReadonlyArray<Record<string, string | number>>>;
type Problem = { invalid: string } | { unknown: string[] };
type TagError = { properties?: { xtag?: string; context?: string; id?: string } };

/** The same reading for the check and the fill: loops by paragraph, line breaks kept, nothing logged. */
const parsed = (bytes: Uint8Array, nullGetter: (part: { value?: unknown }) => string) =>
  new Docxtemplater(new PizZip(bytes), { paragraphLoop: true, linebreaks: true, errorLogging: false, nullGetter });

/** The first tag docxtemplater could not parse: `{renter_name` or an unopened `}` (one error, or the first of several). */
function brokenTag(err: unknown): { invalid: string } {
  const e = err as TagError & { properties?: { errors?: TagError[] } };
  const first = e.properties?.errors?.[0]?.properties ?? e.properties;
  return { invalid: (first?.context ?? first?.xtag ?? first?.id ?? '?').trim() };
}

/** The lease's placeholders as a sample for templateProblem. */
export const leaseSample: TemplateValues = Object.fromEntries(leaseTemplatePlaceholders.map((p) => [p, 'x']));

/**
 * What keeps a template from being kept: a tag that does not parse, or tags that `known` (a sample of
 * the document's values, one row per loop) does not have (`{no_such_field}`, in order of first use),
 * which filled would come out blank without a word.
 */
export function templateProblem({ bytes, known }: { bytes: Uint8Array; known: TemplateValues }): Problem | null {
  const unknown = new Set<string>();
  try {
    parsed(bytes, (part) => {
      if (part.value) unknown.add(String(part.value).trim());
      return '';
    }).render(known);
  } catch (err) {
    return brokenTag(err);
  }
  return unknown.size > 0 ? { unknown: [...unknown] } : null;
}

/** The template filled with `values`, as a .docx. */
export function fillTemplate({ bytes, values }: { bytes: Uint8Array; values: TemplateValues }): { invalid: string } | { docx: Uint8Array } {
  try {
    return {
      docx: parsed(bytes, () => '')
        .render(values)
        .getZip()
        .generate({ type: 'uint8array', compression: 'DEFLATE' }),
    };
  } catch (err) {
    return brokenTag(err);
  }
}
