import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { PaymentResult, type PaymentResultProps } from './PaymentResult';
import styles from './payment-result.css?inline';

/** The `<vendor-payment-result>` class; `define.ts` registers it. */
export const VendorPaymentResultElement = createVendorElement<PaymentResultProps>(PaymentResult, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { view: 'string', query: 'string', portalUrl: 'string', productsUrl: 'string' },
});
