import { createReactEdition } from '../../shared/element/react-edition';
import { Reports as ReportsView } from './Reports';
import styles from './reports.css?inline';

/** `<Reports />` for React hosts: the same view as `<vendor-reports>`, in its own shadow root. */
export const Reports = createReactEdition(ReportsView, styles);
export type { ReportsProps } from './Reports';
