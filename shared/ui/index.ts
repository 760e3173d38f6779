export { Avatar, type AvatarProps } from './Avatar';
export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export {
  Button,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { Field, type FieldControlProps, FieldError, type FieldProps } from './Field';
export { deepActiveElement, reveal, revealFirstInvalid } from './focus';
export { LoadFailure, type LoadFailureProps } from './LoadFailure';
export { Modal, type ModalProps, type ModalSize } from './Modal';
export { ScrollRegion, type ScrollRegionProps } from './ScrollRegion';
export { Select, type SelectOption, type SelectProps } from './Select';
export { Skeleton, type SkeletonProps } from './Skeleton';
export { Spinner } from './Spinner';
export { Table, type TableColumn, type TableProps } from './Table';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export { Toast, Toaster, type ToastProps } from './Toast';
