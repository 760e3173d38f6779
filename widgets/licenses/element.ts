import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Licenses, type LicensesProps } from './Licenses';
import styles from './licenses.css?inline';

/** The `<vendor-licenses>` class; `define.ts` registers it. */
export const VendorLicensesElement = createVendorElement<LicensesProps>(Licenses, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { view: 'string', paymentId: 'number', licenseId: 'number', limit: 'number' },
});
