import { createReactEdition } from '../../shared/element/react-edition';
import { Manager as ManagerView } from './Manager';
import styles from './manager.css?inline';

/** `<Manager />` for React hosts: the same view as `<vendor-manager>`, in its own shadow root. */
export const Manager = createReactEdition(ManagerView, styles);
export type { ManagerProps } from './Manager';
