import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Subscriptions, type SubscriptionsProps } from './Subscriptions';
import styles from './subscriptions.css?inline';

/** The `<vendor-subscriptions>` class; `define.ts` registers it. */
export const VendorSubscriptionsElement = createVendorElement<SubscriptionsProps>(Subscriptions, {
  styles: `${uiStyles}\n${styles}`,
});
