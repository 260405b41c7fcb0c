import './global.css';

export { media, touchTarget } from './media';
export { vars } from './theme.css';
export { touchSquare } from './touch-square';
