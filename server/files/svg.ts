import { createRequire } from 'node:module';
import type { DOMPurify as Purifier } from 'dompurify';

const require = createRequire(import.meta.url);

/** An XML prolog the sanitiser's parser would choke on inside its wrapper: declaration, comments, a doctype without internal subset. */
const PROLOG = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE svg[^>[]*>)\s*)*/i;
/** Entities and internal subsets (billion laughs, external entities): refused, never expanded. */
const ENTITIES = /<!ENTITY|<!DOCTYPE[^>]*\[/i;
/** A reference the logo may make: to itself (`#id`) or an embedded raster; nothing it could fetch or run. */
const SAFE_REFERENCE = /^\s*(#[\w.:-]*|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*)\s*$/i;
/** CSS that loads or runs something: `@import`, `url(...)` other than `url(#id)`, old IE expressions, script URLs. */
const ACTIVE_CSS = /@import|url\s*\(\s*(?!['"]?#)|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i;

/**
 * The SVG profile's lists are lower case, and an XML parser keeps SVG's camelCase names: the ones a
 * drawing program writes are named again here. `use` is the sanitiser's to drop by default for its
 * external references; the hooks below let it point only inside the file.
 */
const CAMEL_TAGS = [
  'clipPath',
  'linearGradient',
  'radialGradient',
  'textPath',
  'use',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
const CAMEL_ATTRS = [
  'viewBox',
  'preserveAspectRatio',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerUnits',
  'markerWidth',
  'markerHeight',
  'refX',
  'refY',
  'pathLength',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'baseFrequency',
  'numOctaves',
  'stitchTiles',
  'kernelMatrix',
  'kernelUnitLength',
  'tableValues',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'limitingConeAngle',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'xChannelSelector',
  'yChannelSelector',
  'edgeMode',
  'targetX',
  'targetY',
  'preserveAlpha',
  'xml:space',
  'xlink:href',
  'href',
];

let purifier: Purifier | null = null;
let refusedByHook = false;

/**
 * DOMPurify with its SVG profile on a jsdom window, built at the first SVG (jsdom is heavy to load).
 * Its own lists drop scripts, event attributes, foreign content and unknown (namespaced) elements;
 * the hooks add what a logo served from our origin must not do either: fetch anything, or run CSS.
 */
function svgPurifier(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const createDOMPurify = require('dompurify') as (window: unknown) => Purifier;
  const made = createDOMPurify(new JSDOM('').window);
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !SAFE_REFERENCE.test(data.attrValue)) refuse(data);
    else if (name === 'style' && ACTIVE_CSS.test(data.attrValue)) refuse(data);
    else if (name === 'attributename' && /^(on|href$|xlink:href$|style$)/i.test(data.attrValue)) refuse(data);
  });
  made.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && ACTIVE_CSS.test(node.textContent ?? '')) refusedByHook = true;
  });
  purifier = made;
  return made;
}

function refuse(data: { keepAttr: boolean }) {
  data.keepAttr = false;
  refusedByHook = true;
}

/**
 * The SVG as it will be stored, or null when it carries anything active. Whatever the sanitiser
 * would have to remove means the file is refused, not silently changed (the landlord sees why);
 * what is stored is the sanitiser's own output, so the bytes served are the bytes checked.
 * Runs on a worker thread (server/workers), after svgWithinLimits.
 */
export function sanitizeSvg(text: string): string | null {
  if (ENTITIES.test(text)) return null;
  const body = text.replace(PROLOG, '');
  const dompurify = svgPurifier();
  refusedByHook = false;
  const clean = dompurify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    ADD_TAGS: CAMEL_TAGS,
    ADD_ATTR: CAMEL_ATTRS,
    // Animation can rewrite an attribute into a script link, links navigate: a logo needs neither.
    FORBID_TAGS: ['set', 'animate', 'animateMotion', 'animateTransform', 'foreignObject', 'a', 'script', 'iframe'],
  });
  // The parser's own wrapper (html, head, body) is reported removed every time; anything else is the file's.
  const removed = dompurify.removed.filter((r) => !('element' in r) || !['html', 'head', 'body'].includes(r.element.nodeName.toLowerCase()));
  if (refusedByHook || removed.length > 0) return null;
  if (!/^<svg[\s>]/i.test(clean.trim())) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean.trim()}\n`;
}
