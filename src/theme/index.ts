import './global.css';

export { vars } from './theme.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { tokens, type Tokens, type Space } from './tokens';
