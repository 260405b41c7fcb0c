// Importing the kit brings the theme variables and global resets along.
import '../theme/global.css';

// ConfirmDialog and ToastViewport (Radix) are imported from their own files, lazily (src/state): the
// kit's barrel would otherwise bring Radix to every first screen.
export { Avatar } from './Avatar/Avatar';
export { Button } from './Button/Button';
export { Card } from './Card/Card';
export { Checkbox } from './Checkbox/Checkbox';
export { EmptyState } from './EmptyState/EmptyState';
export { ErrorState } from './ErrorState/ErrorState';
export { FormError } from './FormError/FormError';
export { NavItem, NavList } from './Nav/Nav';
export { Page } from './Page/Page';
export { Select } from './Select/Select';
export { AppShell, Sidebar } from './Sidebar/Sidebar';
export { Skeleton } from './Skeleton/Skeleton';
export { Row, Stack } from './Stack/Stack';
export { Tabs } from './Tabs/Tabs';
export { TextArea } from './TextArea/TextArea';
export { TextField } from './TextField/TextField';
export { Tile } from './Tile/Tile';
export { Topbar } from './Topbar/Topbar';
