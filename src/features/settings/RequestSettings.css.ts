import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const hours = style({ width: '120px' });
export const section = style({ marginTop: vars.space.xxl });
export const qrRow = style({ display: 'flex', gap: vars.space.xl, alignItems: 'flex-start', flexWrap: 'wrap', marginTop: vars.space.lg });
export const qrImage = style({
  width: '220px',
  height: '220px',
  background: '#fff',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
});
export const qrInfo = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0, flex: '1 1 260px' });
export const qrLink = style({ overflowWrap: 'anywhere' });
export const objectSelect = style({ maxWidth: '360px' });

// Printed, the page is only the sheet: the code, the centre's name and the scan text in three languages.
// The sheet is a direct child of <body>, so everything else can be dropped (no blank pages after it).
export const printSheet = style({ display: 'none', '@media': { print: { display: 'block', textAlign: 'center', paddingTop: '20mm' } } });
export const printImage = style({ width: '120mm', height: '120mm' });
export const printName = style({ fontSize: '28px', fontWeight: vars.fontWeight.bold, margin: `0 0 ${vars.space.lg}` });
export const printScan = style({ fontSize: '18px', margin: `${vars.space.xs} 0` });
globalStyle(`body:has(> ${printSheet}) > *:not(${printSheet})`, { '@media': { print: { display: 'none' } } });
