import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Affiliate, type AffiliateProps } from './Affiliate';
import styles from './affiliate.css?inline';

/** The `<vendor-affiliate>` class; `define.ts` registers it. */
export const VendorAffiliateElement = createVendorElement<AffiliateProps>(Affiliate, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { view: 'string', tab: 'string' },
});
