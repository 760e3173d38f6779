import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Portal, type PortalProps } from './Portal';
import styles from './portal.css?inline';

/** The `<vendor-portal>` class; `define.ts` registers it. */
export const VendorPortalElement = createVendorElement<PortalProps>(Portal, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { sidebarCollapsed: 'boolean' },
});
