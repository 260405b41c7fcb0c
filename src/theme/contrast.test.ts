import { describe, expect, it } from 'vitest';
import { tokens } from './tokens';

const c = tokens.color;

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function ratio(fg: string, bg: string): number {
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// Every text colour the components put on a ground: buttons, toasts, badges, messages, body text.
const pairs: [string, string, string][] = [
  ['body text', c.text, c.background],
  ['text on a card', c.text, c.surface],
  ['muted text', c.textMuted, c.surface],
  ['muted text on the page', c.textMuted, c.background],
  ['link', c.primary, c.surface],
  ['primary button', c.onPrimary, c.primary],
  ['new badge', c.primary, c.primarySoft],
  ['danger button, error toast, overdue badge', c.onError, c.error],
  ['danger button hovered', c.onError, c.errorHover],
  ['error message', c.errorText, c.surface],
  ['error message on the page', c.errorText, c.background],
  ['high-priority badge', c.errorText, c.errorSoft],
  ['success toast, closed badge', c.onSuccess, c.success],
  ['success text', c.successText, c.successSoft],
  ['done badge', c.neutral900, c.successSoft],
  ['warning toast, returned badge', c.onWarning, c.warning],
  ['in-progress badge', c.onWarning, c.warningSoft],
  ['paused badge', c.neutral700, c.neutral100],
  ['rejected badge', c.neutral700, c.neutral200],
  ['visitor badge', c.textMuted, c.neutral100],
];

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it.each(pairs)('%s', (_name, fg, bg) => {
    expect(ratio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('measures as WCAG does: white on the spec red is 3.76:1', () => {
    expect(ratio('#ffffff', '#FF2442')).toBeCloseTo(3.76, 2);
  });
});
