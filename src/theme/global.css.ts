import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', { margin: 0, padding: 0 });

globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  background: vars.color.background,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4, p', { margin: 0 });
// A long word ("конфиденциальности") breaks rather than pushing a 390 px phone's page sideways.
globalStyle('h1, h2, h3, h4', { overflowWrap: 'anywhere' });

globalStyle('button, input, textarea, select', { font: 'inherit', color: 'inherit' });
// A file input is as wide as its button and text in the browser's language: never wider than its place.
globalStyle('input[type="file"]', { maxWidth: '100%', minWidth: 0 });

globalStyle('a', { color: vars.color.primary });

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.primary}`,
  outlineOffset: '2px',
});
