/**
 * The most an SVG logo may hold: the sanitiser's time grows with elements and nesting (a 60,000-deep
 * chain of groups took over a minute), and a drawing program's logo stays far below both.
 */
export const SVG_LIMITS = { elements: 10_000, depth: 100 } as const;

/**
 * Whether the text stays within SVG_LIMITS, told by one pass over its tags without parsing them:
 * `<name ...>` opens an element (one level deeper unless it ends in `/>`), `</name>` closes one;
 * comments, CDATA, declarations and processing instructions are skipped whole, and a `>` inside a
 * quoted attribute value does not end its tag. Stops at the first element past a limit.
 */
export function svgWithinLimits(text: string): boolean {
  let elements = 0;
  let depth = 0;
  let at = text.indexOf('<');
  while (at >= 0) {
    const next = text[at + 1];
    let end: number;
    if (text.startsWith('<!--', at)) end = closeOf(text, at, '-->');
    else if (text.startsWith('<![CDATA[', at)) end = closeOf(text, at, ']]>');
    else if (next === '?') end = closeOf(text, at, '?>');
    else if (next === '!') end = closeOf(text, at, '>');
    else if (next === '/') {
      depth -= 1;
      end = closeOf(text, at, '>');
    } else {
      end = tagEnd(text, at);
      elements += 1;
      if (text[end - 1] !== '/') depth += 1;
      if (elements > SVG_LIMITS.elements || depth > SVG_LIMITS.depth) return false;
    }
    if (end < 0) return true; // unterminated: the sanitiser's parser refuses it
    at = text.indexOf('<', end + 1);
  }
  return true;
}

function closeOf(text: string, from: number, close: string): number {
  const found = text.indexOf(close, from + 2);
  return found < 0 ? -1 : found + close.length - 1;
}

/** The `>` that ends the start tag at `from`, quotes respected. */
function tagEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}
