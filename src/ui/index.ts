// Importing the kit brings the theme variables and global resets along.
import '../theme/global.css';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './Button/Button';
export { Spinner, type SpinnerProps } from './Spinner/Spinner';
export { TextField, type TextFieldProps } from './TextField/TextField';
export { TextArea, type TextAreaProps } from './TextArea/TextArea';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox';
export { FormError, type FormErrorProps, type FormMessageTone } from './FormError/FormError';
export { Card, type CardProps } from './Card/Card';
export { Tile, type TileProps } from './Tile/Tile';
export { Page, type PageProps } from './Page/Page';
export { Stack, Row, type StackProps, type RowProps } from './Stack/Stack';
export { Skeleton, type SkeletonProps } from './Skeleton/Skeleton';
export { EmptyState, type EmptyStateProps } from './EmptyState/EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState/ErrorState';
// ConfirmDialog and ToastViewport (Radix) are imported from their own files, lazily (src/state): the
// kit's barrel would otherwise bring Radix to every first screen.
export { Avatar, initials, type AvatarProps } from './Avatar/Avatar';
export { NavList, NavItem, type NavListProps, type NavItemProps } from './Nav/Nav';
export { Sidebar, AppShell, type SidebarProps, type AppShellProps } from './Sidebar/Sidebar';
export { Topbar, type TopbarProps } from './Topbar/Topbar';
export { Select, type SelectProps } from './Select/Select';
