import { style } from '@vanilla-extract/css';

// A wide machine scrolls inside its card instead of stretching the page.
export const canvas = style({ overflow: 'auto', maxHeight: '70vh' });
