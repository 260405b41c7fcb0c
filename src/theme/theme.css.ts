import { createGlobalTheme } from '@vanilla-extract/css';
import { tokens } from './tokens';

/** One theme contract on :root; components read colours only through `vars`. */
export const vars = createGlobalTheme(':root', tokens);
