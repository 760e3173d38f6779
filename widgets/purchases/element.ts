import { createVendorElement } from '../../shared/element/create-element';
import addressStyles from '../../shared/ui/billing-address.css?inline';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Purchases, type PurchasesProps } from './Purchases';
import styles from './purchases.css?inline';

/** The `<vendor-purchases>` class; `define.ts` registers it. */
export const VendorPurchasesElement = createVendorElement<PurchasesProps>(Purchases, {
  styles: `${uiStyles}\n${addressStyles}\n${styles}`,
  attributes: { view: 'string', paymentId: 'number' },
});
