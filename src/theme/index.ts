import './global.css';

export { vars } from './theme.css';
