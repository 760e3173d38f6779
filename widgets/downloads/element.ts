import { createVendorElement } from '../../shared/element/create-element';
import { Downloads, type DownloadsProps } from './Downloads';
import styles from './downloads.css?inline';

/** The `<vendor-downloads>` class; `define.ts` registers it. */
export const VendorDownloadsElement = createVendorElement<DownloadsProps>(Downloads, {
  styles,
  attributes: { view: 'string', signature: 'string', downloadName: 'string', signInUrl: 'string' },
});
