import { createReactEdition } from '../../shared/element/react-edition';
import addressStyles from '../../shared/ui/billing-address.css?inline';
import { Purchases as PurchasesView } from './Purchases';
import styles from './purchases.css?inline';

/** `<Purchases />` for React hosts: the same view as `<vendor-purchases>`, in its own shadow root. */
export const Purchases = createReactEdition(PurchasesView, `${addressStyles}\n${styles}`);
export type { PurchasesProps } from './Purchases';
