import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Reports, type ReportsProps } from './Reports';
import styles from './reports.css?inline';

/** The `<vendor-reports>` class; `define.ts` registers it. */
export const VendorReportsElement = createVendorElement<ReportsProps>(Reports, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { view: 'string' },
});
