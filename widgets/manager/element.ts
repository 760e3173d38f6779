import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Manager, type ManagerProps } from './Manager';
import styles from './manager.css?inline';

/** The `<vendor-manager>` class; `define.ts` registers it. */
export const VendorManagerElement = createVendorElement<ManagerProps>(Manager, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { tab: 'string' },
});
