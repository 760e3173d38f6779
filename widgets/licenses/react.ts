import { createReactEdition } from '../../shared/element/react-edition';
import { Licenses as LicensesView } from './Licenses';
import styles from './licenses.css?inline';

/** `<Licenses />` for React hosts: the same view as `<vendor-licenses>`, in its own shadow root. */
export const Licenses = createReactEdition(LicensesView, styles);
export type { LicensesProps } from './Licenses';
