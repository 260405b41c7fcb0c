import './global.css';

export { media, touchTarget } from './media';
export { vars } from './theme.css';
