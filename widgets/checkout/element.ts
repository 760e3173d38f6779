import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Checkout, type CheckoutProps } from './Checkout';
import styles from './checkout.css?inline';

/** The `<vendor-checkout>` class; `define.ts` registers it. */
export const VendorCheckoutElement = createVendorElement<CheckoutProps>(Checkout, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { downloadId: 'number', priceId: 'number', portalUrl: 'string' },
});
